// @vitest-environment jsdom
// The withdrawal flows' model paths, walked through the real withdrawals page: the request form (suspended,
// two-factor off, rules named per field, the server's refusals, the request made) and canceling from the list.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { WithdrawalEvent } from '../../machines/wallet/withdrawal.types';
import type { WithdrawalCancelEvent } from '../../machines/wallet/withdrawal-cancel.types';
import { withdrawalMachine, formErrors } from '../../machines/wallet/withdrawal.machine';
import { withdrawalCancelMachine } from '../../machines/wallet/withdrawal-cancel.machine';
import { WithdrawalsView } from '../../src/features/wallet/withdrawals-view';
import { WithdrawalCancelContext, WithdrawalContext } from '../../src/features/wallet/wallet.contexts';
import { withdrawalOptionsQueryOptions, withdrawalsQueryOptions } from '../../src/api/wallet';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { renderView } from '../support/render';
import { walkPath, type Gesture } from '../support/walk';
import { memberQueryClient } from '../support/member';
import { withdrawalModel, withdrawalSetup } from '../models/withdrawal.model';
import { withdrawalCancelModel } from '../models/withdrawal-cancel.model';

const formSection = () => screen.getByRole('region', { name: 'Request a withdrawal' });
const listSection = () => screen.getByRole('region', { name: 'My withdrawals' });
const inForm = () => within(formSection());
const field = (label: RegExp) => inForm().getByLabelText(label);

async function setText(user: Parameters<Gesture>[0], label: RegExp, value: string) {
  const input = field(label) as HTMLInputElement;
  if (input.value === value) return;
  await user.clear(input);
  if (value) {
    await user.click(input);
    await user.paste(value);
  }
}

async function choose(user: Parameters<Gesture>[0], label: RegExp, value: string) {
  const select = field(label) as HTMLSelectElement;
  if (select.value !== value) await user.selectOptions(select, value);
}

async function setChecked(user: Parameters<Gesture>[0], label: RegExp, checked: boolean) {
  const box = field(label) as HTMLInputElement;
  if (box.checked !== checked) await user.click(box);
}

const withdrawalGestures = {
  'withdrawal.submit': async (user, { values }) => {
    await choose(user, /^Wallet$/, values.currency);
    await setText(user, /^Amount/, values.amount);
    await choose(user, /^Pay out to/, values.templateId ?? '');
    if (values.templateId === null) {
      if (inForm().queryByLabelText(/^Payout method/)) await choose(user, /^Payout method/, values.method);
      if (values.method === 'crypto') {
        await choose(user, /^Network/, values.network);
        await setText(user, /^Wallet address/, values.address);
      }
      if (values.method === 'iban') {
        await setText(user, /^Account holder/, values.holderName);
        await setText(user, /^IBAN/, values.iban);
        await setText(user, /^BIC/, values.bic);
      }
      await setChecked(user, /^Save these details as a template/, values.saveTemplate);
      if (values.saveTemplate) await setText(user, /^Template name/, values.templateName);
    }
    await setChecked(user, /^I confirm that I have access/, values.confirmAccess);
    await setText(user, /^Code from the authenticator app/, values.code);
    await user.click(inForm().getByRole('button', { name: 'Request withdrawal' }));
  },
  'withdrawal.again': async (user) => user.click(inForm().getByRole('button', { name: 'Request another withdrawal' })),
} satisfies { [K in WithdrawalEvent['type']]: Gesture<Extract<WithdrawalEvent, { type: K }>> };

const cancelGestures = {
  'withdrawal.cancel': async (user) => user.click(within(listSection()).getByRole('button', { name: /^Cancel the withdrawal of/ })),
} satisfies { [K in WithdrawalCancelEvent['type']]: Gesture<Extract<WithdrawalCancelEvent, { type: K }>> };

const optionsAnswer = {
  withdrawalOptions: {
    currencies: [
      { currency: 'USDT', symbol: '₮', type: 'crypto', available: '500.00000000', min_amount: '10.00000000', max_amount: '10000.00000000', methods: ['crypto'] },
      { currency: 'EUR', symbol: '€', type: 'fiat', available: '250.00000000', min_amount: '20.00000000', max_amount: '5000.00000000', methods: ['iban', 'swift'] },
    ],
    templates: withdrawalSetup.templates,
    twofa: true,
    suspended: false,
    automation: false,
    wait_days_min: 1,
    wait_days_max: 3,
  },
};

const listAnswer = {
  withdrawals: {
    data: [
      {
        id: '5',
        currency: 'EUR',
        amount: '50.00000000',
        status: 'new',
        method: 'iban',
        destination: 'IBAN •••• 3000',
        template_name: 'Main bank account',
        cancelable: true,
        created_at: '2026-11-20T10:00:00.000Z',
        updated_at: '2026-11-20T10:00:00.000Z',
      },
    ],
    paginatorInfo: { current_page: 1, last_page: 1, per_page: 10, total: 1 },
  },
};

interface FlowMount {
  logic: any;
  options: any;
}

/** The page as the route renders it: the view inside the withdrawal and cancel flows. */
function renderPage(flows: { withdrawal: FlowMount; cancel: FlowMount }) {
  const queryClient = memberQueryClient();
  // The page's answers are given, not fetched: nothing refetches them behind the walk.
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  queryClient.setQueryData(withdrawalOptionsQueryOptions().queryKey, optionsAnswer as never);
  queryClient.setQueryData(withdrawalsQueryOptions({ status: null, page: 1 }).queryKey, listAnswer as never);
  renderView(
    <WithdrawalContext.Provider logic={flows.withdrawal.logic} options={flows.withdrawal.options}>
      <WithdrawalCancelContext.Provider logic={flows.cancel.logic} options={flows.cancel.options}>
        <WithdrawalsView filter={{ status: null, page: 1 }} onFilterChange={() => {}} />
      </WithdrawalCancelContext.Provider>
    </WithdrawalContext.Provider>,
    { queryClient },
  );
}

const capture = (logic: unknown, found: (actor: any) => void) => (event: { type: string; actorRef: any }) => {
  if (event.type === '@xstate.actor' && event.actorRef.logic === logic) found(event.actorRef);
};

const fieldMessages: Record<string, RegExp> = {
  iban: /This IBAN is not valid/,
  confirmAccess: /Confirm that you have access/,
};

/** The longest path fills the whole form five times; on two busy cores that alone can take 20 s. */
const formWalkTimeout = 60_000;

describe('withdrawal form view', () => {
  for (const modelPath of modelPaths(withdrawalModel)) {
    it(modelPath.title, { timeout: formWalkTimeout }, async () => {
      await walkPath(modelPath, {
        machine: withdrawalMachine,
        gestures: withdrawalGestures,
        expectScreen: (snapshot) => {
          const section = formSection();
          if (snapshot.matches('suspended') && snapshot.context.setup.suspendedReason === 'overdue_invoices') {
            expect(within(section).getByTestId('withdrawals-suspended')).toHaveTextContent('Withdrawals are suspended because of overdue invoices.');
            expect(within(section).getByRole('link', { name: 'Pay the overdue invoices' })).toHaveAttribute('href', '/invoices');
          } else if (snapshot.matches('suspended')) {
            // Suspended meanwhile: the server said only that they are.
            expect(within(section).getByTestId('withdrawals-suspended')).toHaveTextContent('Withdrawals are suspended for your account.');
          } else expect(within(section).queryByTestId('withdrawals-suspended')).toBeNull();
          if (snapshot.matches('twoFactorOff')) {
            expect(within(section).getByRole('link', { name: 'Turn on two-factor authentication' })).toHaveAttribute('href', '/security');
          } else expect(within(section).queryByTestId('withdrawal-needs-2fa')).toBeNull();
          const submit = within(section).queryByRole('button', { name: 'Request withdrawal' });
          if (snapshot.matches('editing') || snapshot.matches('submitting')) {
            expect(submit).not.toBeNull();
            if (snapshot.hasTag('busy')) expect(submit).toHaveAttribute('data-loading', 'true');
            else expect(submit).not.toHaveAttribute('data-loading');
            expect(within(section).getByText(/Payouts take 1-3\s+working days/)).toBeInTheDocument();
          } else expect(submit).toBeNull();
          if (snapshot.matches('editing')) {
            const { values, fieldErrors, error } = snapshot.context;
            for (const [name, pattern] of Object.entries(fieldMessages)) {
              if (fieldErrors[name]) expect(within(section).getByText(pattern)).toBeInTheDocument();
              else expect(within(section).queryByText(pattern)).toBeNull();
            }
            if (values) expect(Object.keys(fieldErrors)).toEqual(Object.keys(formErrors(snapshot.context.setup, values)));
            // A refusal is the notifier's to say; one that names the code field is said beside it.
            if (error?.reason === 'TwoFaCodeError') expect(within(section).getByText(appErrorText(error))).toBeInTheDocument();
            else if (error?.reason !== 'InsufficientBalance') expect(within(section).queryByRole('alert')).toBeNull();
            if (error) {
              // What was typed stays after a refusal.
              if (values?.amount) expect(field(/^Amount/)).toHaveValue(values.amount);
            }
          }
          if (snapshot.matches('requested')) {
            const status = within(section).getByRole('status');
            expect(status).toHaveTextContent(/Your withdrawal of .*100\.00.* is requested \(status: New\)/);
            expect(status).toHaveTextContent('IBAN •••• 3000');
          }
        },
        render: (logic) => {
          let actor: any;
          renderPage({
            withdrawal: { logic, options: { input: modelPath.input, inspect: capture(logic, (found) => (actor = found)) } },
            cancel: { logic: withdrawalCancelMachine, options: {} },
          });
          return { snapshot: () => actor.getSnapshot() };
        },
      });
    });
  }
});

describe('withdrawal list view', () => {
  for (const modelPath of modelPaths(withdrawalCancelModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: withdrawalCancelMachine,
        gestures: cancelGestures,
        expectScreen: (snapshot) => {
          const section = listSection();
          const row = within(section).getByTestId('withdrawal-row');
          expect(row).toHaveTextContent('Main bank account');
          expect(row).toHaveTextContent('New');
          const button = within(row).getByRole('button', { name: /^Cancel the withdrawal of/ });
          if (snapshot.hasTag('busy')) expect(button).toHaveAttribute('data-loading', 'true');
          else expect(button).not.toHaveAttribute('data-loading');
          // A refused or failed cancel is the notifier's to say.
          expect(within(section).queryByRole('alert')).toBeNull();
        },
        render: (logic) => {
          let actor: any;
          renderPage({
            withdrawal: { logic: withdrawalMachine, options: { input: { setup: withdrawalSetup } } },
            cancel: { logic, options: { inspect: capture(logic, (found) => (actor = found)) } },
          });
          return { snapshot: () => actor.getSnapshot() };
        },
      });
    });
  }
});
