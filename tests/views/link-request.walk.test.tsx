// @vitest-environment jsdom
// Asking to follow a strategy: the flow's model paths, walked through the real Connect panel (refusals with their way
// out, the form, the pending request with the trader's review counted down, the key being linked, the connection).
import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { EventObject } from 'xstate';
import type { LinkRequestEvent } from '../../machines/trading/link-request.types';
import { eligibleAccounts } from '../../machines/trading/link-request.schema';
import { selectStep } from '../../machines/trading/link-request.selectors';
import { LinkRequestPanel } from '../../src/features/trading/copy/link-request-panel';
import { LinkRequestContext } from '../../src/features/trading/copy/link-request.contexts';
import { appErrorText } from '../../src/lib/app-error-text';
import { fieldErrorText } from '../../src/lib/field-errors';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { linkRequestModel } from '../models/link-request.model';
import { strategy02 } from '../models/copy-links-fixtures';

const strategy = {
  id: strategy02.id,
  name: strategy02.name,
  quote_asset: strategy02.quoteAsset,
  min_deposit: strategy02.minDeposit,
  in_probation: strategy02.inProbation,
  capacity_left: strategy02.capacityLeft,
  mine: strategy02.mine,
};

const panel = () => within(screen.getByRole('region', { name: 'Copy Steady Grid' }));
const fields = {
  accountId: () => panel().getByRole('combobox', { name: /^Account/ }),
  lotSize: () => panel().getByRole('textbox', { name: /^Lot size, %/ }),
  drawdownLimit: () => panel().getByRole('textbox', { name: /^Drawdown limit, %/ }),
  quoteAsset: () => panel().getByRole('combobox', { name: /^Quote asset/ }),
};
const wayOuts: Record<string, [string, string]> = {
  OverdueInvoices: ['See your invoices', '/invoices'],
  AccountNotActive: ['See your invoices', '/invoices'],
  LinkingLimitReached: ['See the tariffs', '/tariffs'],
  NoEligibleAccount: ['Go to your accounts', '/my-accounts'],
};

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  const step = selectStep(snapshot);
  expect(screen.getByTestId('link-request-panel')).toHaveAttribute('data-step', step);
  switch (step) {
    case 'loading':
      expect(panel().getByRole('status')).toHaveTextContent('Checking what linking needs…');
      return;
    case 'loadFailed':
      expect(panel().getByRole('alert')).toHaveTextContent('What linking needs could not be loaded.');
      return;
    case 'refused': {
      const refused = panel().getByTestId('link-refused');
      if (context.refusal !== 'NoEligibleAccount') expect(refused).toHaveTextContent(appErrorText({ code: 'server', reason: context.refusal }));
      const wayOut = wayOuts[context.refusal];
      if (wayOut) expect(within(refused).getByRole('link', { name: wayOut[0] })).toHaveAttribute('href', wayOut[1]);
      expect(within(refused).getByRole('button', { name: 'Check again' })).toBeEnabled();
      return;
    }
    case 'editing': {
      // Only the accounts that may follow are offered; every value as typed; each problem beside its field.
      const offered = within(fields.accountId()).getAllByRole('option').map((option) => (option as HTMLOptionElement).value);
      expect(offered).toEqual(['', ...eligibleAccounts(context.loaded).map((account) => account.id)]);
      expect(fields.accountId()).toHaveValue(context.values.accountId);
      expect(fields.lotSize()).toHaveValue(context.values.lotSize);
      expect(fields.drawdownLimit()).toHaveValue(context.values.drawdownLimit);
      expect(fields.quoteAsset()).toHaveValue(context.values.quoteAsset);
      for (const [field, code] of Object.entries(context.fieldErrors as Record<string, string>)) {
        expect(fields[field as keyof typeof fields]()).toHaveAccessibleDescription(expect.stringContaining(fieldErrorText(code)!));
      }
      const refusal = panel().queryByTestId('link-submit-refusal');
      if (context.submitRefusal && !snapshot.hasTag('busy')) {
        expect(refusal).toHaveTextContent(appErrorText({ code: 'server', reason: context.submitRefusal }));
      } else expect(refusal).toBeNull();
      const submit = panel().getByRole('button', { name: 'Ask to follow' });
      if (snapshot.hasTag('busy')) expect(submit).toHaveAttribute('data-loading', 'true');
      else expect(submit).toBeEnabled();
      return;
    }
    case 'pending':
      expect(panel().getByTestId('link-pending')).toHaveTextContent(`Request sent with ${context.request.accountName}.`);
      expect(panel().getByTestId('review-time-left')).toHaveTextContent(/^Time left to review: \d+ d \d+ h$/);
      expect(panel().getByTestId('summary-lot-size')).toHaveTextContent(`${context.request.settings.lotSizePercent} %`);
      return;
    case 'declined':
      expect(panel().getByTestId('link-declined')).toHaveTextContent(`The trader declined your request.Reason: ${context.request.declineReason}`);
      expect(panel().getByRole('button', { name: 'Ask again' })).toBeEnabled();
      return;
    case 'expired':
      expect(panel().getByTestId('link-expired')).toHaveTextContent('The trader did not review your request within 24 hours, so it expired.');
      expect(panel().getByRole('button', { name: 'Ask again' })).toBeEnabled();
      return;
    case 'keyPending':
      expect(panel().getByTestId('link-key-pending')).toHaveTextContent('The trader accepted your request.');
      if (context.connection?.keyDeadline) expect(panel().getByTestId('key-time-left')).toHaveTextContent(/^Time left to link the key: \d+ d \d+ h$/);
      else expect(panel().queryByTestId('key-time-left')).toBeNull();
      return;
    case 'linked':
      expect(panel().getByTestId('link-linked')).toHaveTextContent(`You follow this strategy with ${context.connection.accountName}.`);
      expect(panel().getByRole('link', { name: 'Open the connection' })).toHaveAttribute('href', `/connection/${context.connection.id}`);
      return;
    case 'connectionEnded':
      expect(panel().getByTestId('link-ended')).toHaveTextContent('the key was not linked within 48 hours');
      expect(panel().getByRole('button', { name: 'Ask again' })).toBeEnabled();
      return;
  }
}

describe('the Connect panel: asking to follow a strategy', () => {
  for (const modelPath of modelPaths(linkRequestModel)) {
    it(modelPath.title, async () => {
      let send: (event: EventObject) => void = () => {};
      // The tab's visibility, as the flow's page watcher reports it.
      const visibility: Gesture = async (_user, event) => act(() => send(event));
      const gestures = {
        'field.change': async (user, event) => {
          if (event.field === 'accountId') return user.selectOptions(fields.accountId(), event.value);
          const field = fields[event.field as 'lotSize' | 'drawdownLimit']();
          await user.clear(field);
          if (event.value) await user.type(field, event.value);
        },
        'request.submit': async (user) => user.click(panel().getByRole('button', { name: 'Ask to follow' })),
        'request.again': async (user) => user.click(panel().getByRole('button', { name: 'Ask again' })),
        'load.retry': async (user) => user.click(panel().getByRole('button', { name: /^(Try again|Check again)$/ })),
        'page.hidden': visibility,
        'page.visible': visibility,
      } satisfies { [K in LinkRequestEvent['type']]: Gesture<Extract<LinkRequestEvent, { type: K }>> };
      await walkPath(modelPath, {
        machine: linkRequestModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => {
          const view = renderInFlow(LinkRequestContext, <LinkRequestPanel strategy={strategy} />, logic, input, clock);
          send = view.send;
          return view;
        },
      });
    });
  }
});
