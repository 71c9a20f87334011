// @vitest-environment jsdom
// The deposit's model paths, walked through the real Deposit button: step 1 (currency and amount) in the
// deposit dialog, then the payment dialog of the payment the deposit continues into, and its success.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { DepositEvent } from '../../machines/payments/deposit.types';
import { invoicePaymentMachine } from '../../machines/payments/invoice-payment.machine';
import { meQueryOptions } from '../../src/api/account';
import { DepositButton } from '../../src/features/payments/deposit-button';
import { DepositContext } from '../../src/features/payments/payments.contexts';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { fakeEffects } from '../support/model-replay';
import { me, memberQueryClient } from '../support/member';
import { renderView } from '../support/render';
import { walkPath, type Gesture } from '../support/walk';
import { depositModel } from '../models/deposit.model';

const depositDialog = () => screen.getByRole('dialog', { name: 'Deposit funds' });
const paymentDialog = () => screen.getByRole('dialog', { name: /^Pay invoice/ });
const amountField = () => within(depositDialog()).getByRole('textbox', { name: /^Amount/ });
const amountMessages = {
  required: () => 'Enter the amount',
  min: (currency: string) => `The minimum amount is 10 ${currency}`,
  max: (currency: string) => `The maximum amount is 50000 ${currency}`,
};
/** The member's wallets as the header knows them: a crypto USDT wallet and the fiat ones the event names. */
const walletsOf = (fiatCurrencies: string[]) => [
  { currency: 'USDT', type: 'crypto', available: '0', locked: '0' },
  ...fiatCurrencies.map((currency) => ({ currency, type: 'fiat', available: '0', locked: '0' })),
];

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  // A deposit for an invoice's payment ended: its dialogs are gone (the payment's come back, its owner's).
  if (snapshot.matches('returned')) {
    expect(screen.queryByRole('dialog')).toBeNull();
    return;
  }
  if (snapshot.matches('closed')) {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeEnabled();
    return;
  }
  if (snapshot.matches({ open: 'paying' })) {
    // The deposit continues into its payment: the payment dialog, and once paid its success with Done.
    expect(screen.queryByRole('dialog', { name: 'Deposit funds' })).toBeNull();
    if (snapshot.matches({ open: { paying: 'paid' } })) {
      expect(within(paymentDialog()).getByRole('status')).toHaveTextContent('Paid. Thank you!');
      expect(within(paymentDialog()).getByRole('button', { name: 'Done' })).toBeEnabled();
    } else {
      expect(within(paymentDialog()).getByLabelText('Loading')).toBeInTheDocument();
    }
    return;
  }
  expect(amountField()).toHaveValue(context.amount);
  if (context.currencies.length) expect(within(depositDialog()).getByLabelText('Currency', { selector: 'input' })).toHaveValue(context.currency);
  else expect(within(depositDialog()).queryByLabelText('Currency', { selector: 'input' })).toBeNull();
  if (context.amountError) {
    expect(within(depositDialog()).getByText(amountMessages[context.amountError as 'min'](context.currency))).toBeInTheDocument();
  }
  // An amount the server refused shows beside the field; any other failed call is the notifier's alone.
  if (context.error?.fields?.amount) expect(amountField()).toHaveAccessibleDescription(expect.stringContaining(appErrorText(context.error)));
  expect(within(depositDialog()).queryByRole('alert')).toBeNull();
  if (snapshot.hasTag('busy')) expect(within(depositDialog()).getByRole('button', { name: 'Continue' })).toHaveAttribute('data-loading', 'true');
}

describe('deposit dialog', () => {
  for (const modelPath of modelPaths(depositModel)) {
    it(modelPath.title, async () => {
      let actor: { send: (event: DepositEvent) => void; getSnapshot: () => any } | undefined;
      const queryClient = memberQueryClient();
      const gestures = {
        // The member's wallets as the header knows them when Deposit is clicked.
        'dialog.open': async (user, event) => {
          await act(async () => {
            queryClient.setQueryData(meQueryOptions().queryKey, { me: { ...me, wallet_balance: event.hasWallets ? walletsOf(event.fiatCurrencies) : [] } } as never);
            // The query tells its observers on the next tick.
            await new Promise((resolve) => setTimeout(resolve, 0));
          });
          await user.click(screen.getByRole('button', { name: 'Deposit' }));
        },
        // One change of the field's text, as typing or pasting ends in; text the field refuses stays out.
        'amount.change': async (_user, event) => {
          fireEvent.change(amountField(), { target: { value: event.value } });
        },
        'currency.select': async (user, event) => {
          const select = within(depositDialog()).getByLabelText('Currency', { selector: 'input' });
          // Choosing the currency already chosen changes nothing, as the event then changes nothing.
          if ((select as HTMLInputElement).value === event.currency) return act(() => actor!.send(event));
          await user.click(select);
          await user.click(screen.getByRole('option', { name: event.currency }));
        },
        'deposit.submit': async (user) => user.click(within(depositDialog()).getByRole('button', { name: 'Continue' })),
        // Done once paid, else the dialog's close button (step 1's or the payment's).
        'dialog.close': async (user) => {
          const dialog = within(screen.getByRole('dialog'));
          await user.click(dialog.queryByRole('button', { name: 'Done' }) ?? dialog.getAllByRole('button', { name: 'Close' })[0]!);
        },
      } satisfies { [K in DepositEvent['type']]: Gesture<Extract<DepositEvent, { type: K }>> };
      await walkPath(modelPath, {
        machine: depositModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => {
          function CaptureActor() {
            actor = DepositContext.useActorRef();
            return null;
          }
          // The payment runs with effects that never answer: its own paths are the invoice payment's walk.
          const withPayment = logic.provide({ actors: { payment: fakeEffects(invoicePaymentMachine).logic } });
          renderView(
            <DepositContext.Provider logic={withPayment} options={{ input: input as never, clock }}>
              <CaptureActor />
              <DepositButton />
            </DepositContext.Provider>,
            { queryClient },
          );
          return { snapshot: () => actor!.getSnapshot(), send: (event) => actor!.send(event as never) };
        },
      });
    });
  }
});
