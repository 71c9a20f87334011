// @vitest-environment jsdom
// The invoice payment's model paths, walked through the real invoice page: its Pay button and the payment
// dialog the page's flow opens and closes.
import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { InvoicePaymentEvent } from '../../machines/payments/invoice-payment.types';
import { selectDetails, selectInlineError, selectStep } from '../../machines/payments/invoice-payment.selectors';
import { balanceShortfall, dueWith } from '../../machines/payments/payment-rules';
import { depositAmountFor } from '../../machines/payments/deposit.schema';
import { InvoicePaymentContext } from '../../src/features/payments/payments.contexts';
import { InvoiceView } from '../../src/features/payments/invoice-view';
import { appErrorText } from '../../src/lib/app-error-text';
import { formatMoney } from '../../src/lib/format';
import { modelPaths } from '../support/model';
import { renderView } from '../support/render';
import { walkPath, type Gesture } from '../support/walk';
import { invoicePaymentModel } from '../models/invoice-payment.model';
import { paymentOptions } from '../models/payments-fixtures';
import { invoicePageQueryClient } from './payments-walk-support';

const dialog = () => screen.getByRole('dialog');
const button = (name: string | RegExp) => within(dialog()).getAllByRole('button', { name }).at(-1)!;
const methodNames: Record<string, string> = {
  balance: 'Balance (USDT)',
  coinpayments: 'CoinPayments',
  payport: 'Payport',
  bank_transfer: 'Bank transfer',
};
const stepNames = { currency: 'Currency', details: 'Details', short: 'Details', waiting: 'Waiting' };
const noticeTexts = {
  chooseGateway: 'Choose a payment gateway.',
  chooseCurrency: 'Choose a payment currency.',
  chooseTransferMethod: 'Choose how you make the transfer.',
};

/** A failed call's message is the notifier's; the dialog repeats it only where it gives more (a support link). */
function expectInlineError(snapshot: any) {
  const inline = selectInlineError(snapshot);
  if (inline) expect(within(dialog()).getByTestId('payment-error')).toHaveTextContent(appErrorText(inline));
  else expect(within(dialog()).queryByTestId('payment-error')).toBeNull();
}

function expectScreen(snapshot: any) {
  const step = selectStep(snapshot);
  // Closed, or paid (the flow has ended; the page goes on to the thank-you page): no dialog over the invoice.
  if (step === 'closed' || step === 'success') {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('invoice')).toBeInTheDocument();
    return;
  }
  const { context } = snapshot;
  if (step === 'deposit') {
    // The deposit of what the balance lacks shows instead of the payment's dialog, its amount filled in.
    expect(dialog()).toHaveAccessibleName('Deposit funds');
    expect(within(dialog()).getByRole('textbox', { name: /^Amount/ })).toHaveValue(depositAmountFor(balanceShortfall(context)!));
    return;
  }
  expect(dialog()).toHaveAccessibleName(context.invoice ? `Pay invoice ${context.invoice.tag}` : 'Pay invoice');
  const body = within(dialog());
  // The steps in one row: the current one by name and marked as current, the others named for screen readers.
  const steps = within(body.getByRole('list', { name: 'Payment steps' })).getAllByRole('listitem');
  const current = steps.filter((item) => item.getAttribute('aria-current') === 'step');
  expect(current).toHaveLength(1);
  expect(current[0]).toHaveTextContent(stepNames[step as keyof typeof stepNames] ?? 'Method');
  if (context.notice) expect(body.getByTestId('payment-notice')).toHaveTextContent(noticeTexts[context.notice as keyof typeof noticeTexts]);
  switch (step) {
    case 'loading':
      expect(body.getByLabelText('Loading')).toBeInTheDocument();
      break;
    case 'loadFailed':
      // Why is the notifier's; the dialog says what failed and offers a retry.
      expect(body.getByRole('alert')).toHaveTextContent('The invoice could not be loaded.');
      expect(button('Try again')).toBeEnabled();
      break;
    case 'notFound':
      expect(body.getByRole('alert')).toHaveTextContent('Invoice not found.');
      break;
    case 'notPayable':
      expect(body.getByRole('status')).toHaveTextContent('This invoice can no longer be paid.');
      break;
    case 'method': {
      const group = body.getByRole('radiogroup', { name: 'Payment method' });
      expect(within(group).getAllByRole('radio')).toHaveLength(1 + paymentOptions.gateways.length);
      if (context.method) expect(within(group).getByRole('radio', { name: methodNames[context.method] })).toBeChecked();
      // Without the fee of a gateway tried before, unless that gateway is the one chosen (payment-rules' dueWith),
      // whose fee it then names.
      expect(body.getByTestId('payment-due')).toHaveTextContent(formatMoney(dueWith(context.invoice, context.method), 'USDT'));
      if (context.method !== null && context.method === context.invoice.gateway && context.invoice.fees !== '0.00') {
        expect(body.getByTestId('payment-due')).toHaveTextContent(`fee of ${formatMoney(context.invoice.fees, 'USDT')}`);
      }
      // Before a choice, each method tells its fee and total, and Balance what it has available.
      for (const price of context.invoice.prices) {
        expect(body.getByTestId(`payment-figures-${price.method}`)).toHaveTextContent(`total ${formatMoney(price.total, 'USDT')}`);
      }
      expect(body.getByTestId('payment-figures-balance')).toHaveTextContent(`Available: ${formatMoney(context.balance, 'USDT')}`);
      // A short balance says so, with a Deposit of what it lacks; Pay is not offered meanwhile.
      const shortfall = context.method === 'balance' ? balanceShortfall(context) : null;
      if (shortfall) {
        expect(body.getByTestId('payment-balance-short')).toHaveTextContent('Insufficient balance for an invoice.');
        expect(button(`Deposit ${formatMoney(depositAmountFor(shortfall), 'USDT')}`)).toBeEnabled();
        expect(button('Pay')).toBeDisabled();
      } else {
        expect(body.queryByTestId('payment-balance-short')).toBeNull();
      }
      expectInlineError(snapshot);
      // Pay stays disabled while a payment is in flight (no double charge from a double click).
      if (snapshot.hasTag('busy')) expect(button(/^(Pay|Continue)$/)).toHaveAttribute('data-loading', 'true');
      break;
    }
    case 'confirm':
      expect(body.getByTestId('payment-confirm-another')).toHaveTextContent('You reported a bank transfer on');
      expect(button('Pay another way')).toBeEnabled();
      break;
    case 'currency': {
      const group = body.getByRole('radiogroup', { name: 'Payment currency' });
      if (context.coin) expect(within(group).getByRole('radio', { name: 'Tether (TRC20)' })).toBeChecked();
      expectInlineError(snapshot);
      if (snapshot.hasTag('busy')) expect(button('Continue')).toHaveAttribute('data-loading', 'true');
      break;
    }
    case 'details': {
      const details = selectDetails(snapshot);
      if (details === 'crypto' || details === 'lockEnded') {
        expect(body.getByTestId('copy-Address')).toHaveTextContent(context.transaction.address);
        expect(body.getByRole('img', { name: `QR code of the address ${context.transaction.address}` })).toBeInTheDocument();
        if (details === 'crypto') expect(body.getByTestId('rate-lock')).toHaveTextContent(/^Rate locked for 1[45]:\d\d$/);
        else expect(body.getByTestId('rate-lock-ended')).toHaveTextContent('The 15-minute rate lock has ended.');
      } else if (details === 'link') {
        expect(body.getByRole('link', { name: 'Open the payment page' })).toHaveAttribute('href', context.link);
      } else if (details === 'bank') {
        expect(body.getByTestId('copy-IBAN')).toHaveTextContent(paymentOptions.bank!.iban!);
        expect(body.getByTestId('copy-Payment reference')).toHaveTextContent(context.invoice.tag);
        if (context.transferMethod) expect(body.getByRole('radio', { name: 'To the bank account (IBAN, SWIFT/BIC)' })).toBeChecked();
      } else {
        expect(body.getByRole('heading', { name: 'Unable to create the payment' })).toBeInTheDocument();
        expectInlineError(snapshot);
      }
      break;
    }
    case 'waiting':
      expect(body.getByRole('status')).toHaveTextContent(
        context.method === 'bank_transfer'
          ? 'A bank transfer takes up to 3 banking days.'
          : 'Crypto payments usually arrive within 1-15 minutes.',
      );
      break;
    case 'short':
      expect(body.getByTestId('payment-short')).toHaveTextContent(`Still due: ${formatMoney(context.invoice.amountDue, 'USDT')}`);
      expect(button('Pay the difference')).toBeEnabled();
      break;
    default:
      throw new Error(`Unexpected step ${step}`);
  }
}

describe('payment dialog', () => {
  for (const modelPath of modelPaths(invoicePaymentModel)) {
    it(modelPath.title, async () => {
      let actor: { send: (event: InvoicePaymentEvent) => void; getSnapshot: () => any } | undefined;
      // The tab's visibility, as the flow's page watcher reports it.
      const told: Gesture = async (_user, event) => act(() => actor!.send(event as InvoicePaymentEvent));
      /** A radio: clicking one already checked changes nothing, as the event then changes nothing. */
      const radio = (name: string): Gesture => async (user, event) => {
        const control = within(dialog()).getByRole('radio', { name });
        if ((control as HTMLInputElement).checked) await told(user, event);
        else await user.click(control);
      };
      const gestures = {
        'method.select': async (user, event) => radio(methodNames[event.method]!)(user, event),
        'method.continue': async (user) => user.click(button(/^(Pay|Continue)$/)),
        'coin.select': async (user, event) => radio('Tether (TRC20)')(user, event),
        'coin.continue': async (user) => user.click(button('Continue')),
        'step.back': async (user) => user.click(button('Back')),
        'payment.sent': async (user) => user.click(button('I paid')),
        'payment.confirmAnother': async (user) => user.click(button('Pay another way')),
        'transfer.select': async (user, event) => radio('To the bank account (IBAN, SWIFT/BIC)')(user, event),
        'transaction.renew': async (user) => user.click(button('Get a new address')),
        'transaction.retry': async (user) => user.click(button('Try again')),
        'difference.pay': async (user) => user.click(button('Pay the difference')),
        'deposit.start': async (user) => user.click(button(/^Deposit /)),
        'load.retry': async (user) => user.click(button('Try again')),
        'page.hidden': told,
        'page.visible': told,
        'dialog.open': async (user) => user.click(screen.getByRole('button', { name: 'Pay $49.90' })),
        'dialog.close': async (user) => user.click(within(dialog()).getAllByRole('button', { name: 'Close' })[0]!),
      } satisfies { [K in InvoicePaymentEvent['type']]: Gesture<Extract<InvoicePaymentEvent, { type: K }>> };
      const fakes = await walkPath(modelPath, {
        machine: invoicePaymentModel.machine,
        gestures,
        expectScreen,
        clockKeys: ['deadline'],
        // The 15-minute rate lock: moving the clock past it would run 180 polls on the way.
        sendDelay: (event) => {
          if (!event.type.startsWith('xstate.after.rateLock.')) return false;
          actor!.send(event as never);
          return true;
        },
        render: (logic, input, clock) => {
          function CaptureActor() {
            actor = InvoicePaymentContext.useActorRef();
            return null;
          }
          renderView(
            <InvoicePaymentContext.Provider logic={logic} options={{ input: input as never, clock }}>
              <CaptureActor />
              <InvoiceView />
            </InvoicePaymentContext.Provider>,
            { queryClient: invoicePageQueryClient() },
          );
          // A deposit's end (the child flow runs as it is) goes to the payment as the path names it.
          return { snapshot: () => actor!.getSnapshot(), send: (event) => actor!.send(event as never) };
        },
      });
      // Every failed call of the path went to the notifier once (calls §8): not a failed poll (tried again at the
      // next), not an invoice found paid (it is done) or not found (the dialog says so as its content).
      const notified = modelPath.path.steps.filter(({ event }) => {
        const { type, output } = event as { type: string; output?: { ok?: boolean; reason?: string } };
        if (type.endsWith('.fetchInvoice')) return false;
        if (type.startsWith('xstate.error.actor.')) return true;
        return type.startsWith('xstate.done.actor.') && output?.ok === false && !['InvoiceNotFound', 'InvoiceAlreadyPaid'].includes(output.reason!);
      });
      expect(fakes.actionCalls.filter(({ name }) => name === 'notifyFailure')).toHaveLength(notified.length);
      // The page goes on to the thank-you page exactly once, when the invoice is paid.
      const last = modelPath.path.steps.at(-1)!.state as { status: string };
      expect(fakes.actionCalls.filter(({ name }) => name === 'finishPaid')).toHaveLength(last.status === 'done' ? 1 : 0);
      // Up to 17 steps through a dialog that polls beside them: on a loaded 2-core machine one takes 10-20 s.
    }, 60_000);
  }
});
