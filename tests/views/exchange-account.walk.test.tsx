// @vitest-environment jsdom
// Adding or editing an exchange account: the flow's model paths, walked through the real form (the Add account or
// Edit action and its drawer).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { checkOutcome, isKeyRefusal, keyChecks } from '../../domain/trading';
import { credentialFieldsOf } from '../../machines/trading/exchange-account.schema';
import type { ExchangeAccountEvent } from '../../machines/trading/exchange-account.types';
import { AccountFormAction } from '../../src/features/trading/account-form';
import { ExchangeAccountContext } from '../../src/features/trading/trading.contexts';
import { appErrorText } from '../../src/lib/app-error-text';
import { fieldErrorText } from '../../src/lib/field-errors';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { exchangeAccountModel } from '../models/exchange-account.model';

const labels = { name: /^Account name/, api_key: /^API key/, secret: /^Secret/, passphrase: /^Passphrase/ } as const;
const checkNames = {
  credentials: 'Credentials accepted',
  balance: 'Balance read',
  trading: 'Trading allowed',
  withdrawal: 'No withdrawal right',
  qualified: 'Account qualified',
} as const;
const drawer = () => within(screen.getByRole('dialog'));
const field = (name: keyof typeof labels) => drawer().getByLabelText(labels[name]);
const exchangeField = () => drawer().getByRole('combobox', { name: /^Exchange/ });
const submitButton = () => drawer().getByRole('button', { name: /^(Check and add|Check and save|Save)$/ });

const gestures = {
  'form.open': async (user) => user.click(screen.getByRole('button', { name: /^(Add account|Edit)$/ })),
  'form.cancel': async (user) => user.click(drawer().getByRole('button', { name: 'Cancel' })),
  'field.change': async (user, event) => {
    if (event.field === 'exchange') return user.selectOptions(exchangeField(), event.value);
    await user.clear(field(event.field));
    await user.type(field(event.field), event.value);
  },
  'account.submit': async (user) => user.click(submitButton()),
} satisfies { [K in ExchangeAccountEvent['type']]: Gesture<Extract<ExchangeAccountEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  if (snapshot.matches('closed') || snapshot.matches('done')) {
    expect(screen.queryByRole('dialog')).toBeNull();
    return;
  }
  expect(screen.getByRole('dialog', { name: context.mode === 'add' ? 'Add an exchange account' : 'Edit the account' })).toBeTruthy();
  // Every value as typed (the secrets too), and exactly the chosen exchange's credential fields.
  expect(field('name')).toHaveValue(context.values.name);
  if (context.mode === 'add') expect(exchangeField()).toHaveValue(context.values.exchange);
  else expect(drawer().queryByRole('combobox', { name: /^Exchange/ })).toBeNull();
  const shown = credentialFieldsOf(context.exchanges, context.values.exchange);
  for (const name of ['api_key', 'secret', 'passphrase'] as const) {
    if (shown.includes(name)) expect(field(name)).toHaveValue(context.values[name]);
    else expect(drawer().queryByLabelText(labels[name])).toBeNull();
  }
  for (const [name, code] of Object.entries(context.fieldErrors as Record<string, string>)) {
    const input = name === 'exchange' ? exchangeField() : field(name as keyof typeof labels);
    expect(input).toHaveAccessibleDescription(expect.stringContaining(fieldErrorText(code)!));
  }
  // The checklist: every step under way while the key is checked; after a refused key the steps passed, the failed
  // one with the reason's text, the rest not reached.
  const checklist = drawer().queryByTestId('key-checklist');
  if (snapshot.matches('checking') && (context.mode === 'add' || shown.some((name) => context.values[name].trim() !== ''))) {
    for (const check of keyChecks) expect(drawer().getByTestId(`key-check-${check}`)).toHaveAttribute('data-state', 'checking');
    expect(checklist).toHaveTextContent('Checking the key with the exchange…');
  } else if (snapshot.matches('editing') && isKeyRefusal(context.refusal)) {
    const { passed, failed } = checkOutcome(context.refusal);
    for (const check of keyChecks) {
      const step = drawer().getByTestId(`key-check-${check}`);
      expect(step).toHaveTextContent(checkNames[check]);
      expect(step).toHaveAttribute('data-state', passed.includes(check) ? 'passed' : check === failed ? 'failed' : 'notReached');
    }
    expect(drawer().getByTestId('key-check-reason')).toHaveTextContent(appErrorText({ code: 'server', reason: context.refusal }));
  } else expect(checklist).toBeNull();
  const refusal = drawer().queryByTestId('account-refusal');
  if (snapshot.matches('editing') && context.refusal && !isKeyRefusal(context.refusal)) {
    expect(refusal).toHaveTextContent(appErrorText({ code: 'server', reason: context.refusal }));
    if (context.refusal === 'AccountLimitReached' || context.refusal === 'ExchangeNotInService')
      expect(within(refusal!).getByRole('link', { name: 'See the tariffs' })).toHaveAttribute('href', '/tariffs');
  } else expect(refusal).toBeNull();
  if (snapshot.hasTag('busy')) expect(submitButton()).toHaveAttribute('data-loading', 'true');
  else expect(submitButton()).toBeEnabled();
}

describe('exchange account form', () => {
  for (const modelPath of modelPaths(exchangeAccountModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: exchangeAccountModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => renderInFlow(ExchangeAccountContext, <AccountFormAction />, logic, input, clock),
      });
    });
  }
});
