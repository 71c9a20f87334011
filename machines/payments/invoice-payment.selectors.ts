// What the payment dialog reads of the invoice-payment flow: the step (spec §9 "Payment process steps"),
// the choices, the transaction, the countdown's deadline and the outcome, as primitives.
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { depositMachine } from './deposit.machine';
import type { invoicePaymentMachine } from './invoice-payment.machine';
import { isZero } from '../../domain/money';
import { balanceShortfall, dueWith, methodPrice, offeredCoins, offeredMethods, transferMethods } from './payment-rules';
import type { PaymentMethod } from './payments.types';

type PaymentSnapshot = SnapshotFrom<typeof invoicePaymentMachine>;

/** The dialog's step: method, currency, details, waiting, success, or why there is nothing to pay. */
export type PaymentStep =
  | 'loading'
  | 'loadFailed'
  | 'notFound'
  | 'notPayable'
  | 'method'
  | 'confirm'
  | 'deposit'
  | 'currency'
  | 'details'
  | 'waiting'
  | 'short'
  | 'success'
  | 'closed';

export function selectStep(s: PaymentSnapshot): PaymentStep {
  if (s.matches({ open: 'loading' })) return 'loading';
  if (s.matches({ open: 'loadFailed' })) return 'loadFailed';
  if (s.matches({ open: 'notFound' })) return 'notFound';
  if (s.matches({ open: 'notPayable' })) return 'notPayable';
  if (s.matches('paid')) return 'success';
  if (s.matches('closed')) return 'closed';
  if (s.hasTag('method')) return 'method';
  if (s.hasTag('confirm')) return 'confirm';
  if (s.hasTag('deposit')) return 'deposit';
  if (s.hasTag('currency')) return 'currency';
  if (s.hasTag('waiting')) return 'waiting';
  if (s.hasTag('short')) return 'short';
  // Preparing a gateway's payment shows on the step it was asked from, with its loader.
  if (s.hasTag('preparing')) return s.context.method === 'coinpayments' || s.context.method === 'cpay' ? 'currency' : 'method';
  return 'details';
}

/** What step 3 shows: a crypto address (its lock running or ended), a payment page, bank details, or a retry. */
export function selectDetails(s: PaymentSnapshot): 'crypto' | 'lockEnded' | 'link' | 'bank' | 'failed' | null {
  if (s.matches({ open: { paying: { steps: 'awaitingCrypto' } } })) return 'crypto';
  if (s.matches({ open: { paying: { steps: 'lockEnded' } } })) return 'lockEnded';
  if (s.matches({ open: { paying: { steps: 'awaitingLink' } } })) return 'link';
  if (s.matches({ open: { paying: { steps: 'bankDetails' } } }) || s.matches({ open: { paying: { steps: 'reportingTransfer' } } })) return 'bank';
  if (s.matches({ open: { paying: { steps: 'preparingFailed' } } })) return 'failed';
  return null;
}

export const selectBusy = (s: PaymentSnapshot) => s.hasTag('busy');
export const selectInvoice = (s: PaymentSnapshot) => s.context.invoice;
export const selectMethod = (s: PaymentSnapshot) => s.context.method;
/** What the member is shown to pay at the method step, for the method chosen (payment-rules' dueWith). */
export const selectDue = (s: PaymentSnapshot) => s.context.invoice && dueWith(s.context.invoice, s.context.method);
/** The fee inside that figure: the invoice's fees when they are the chosen gateway's, else null. */
export const selectDueFee = (s: PaymentSnapshot) => {
  const { invoice, method } = s.context;
  return invoice && method !== null && method === invoice.gateway && !isZero(invoice.fees) ? invoice.fees : null;
};
/** What paying this way would charge (its fee and total), told before a choice; null when not told. */
export const selectPriceOf = (method: PaymentMethod) => (s: PaymentSnapshot) => methodPrice(s.context.invoice, method);
/** What the balance has available in the invoice's currency, or null until known. */
export const selectBalance = (s: PaymentSnapshot) => s.context.balance;
/** The balance is chosen and short: by how much (a Deposit of it is offered), else null. */
export const selectShortfall = (s: PaymentSnapshot) => (s.context.method === 'balance' ? balanceShortfall(s.context) : null);
/**
 * The deposit opened for this payment while it runs (its dialogs show instead of the payment's). The payment
 * machine names the deposit only by its input and output (the deposit machine runs a payment itself); the app
 * provides the deposit machine, so the child is that machine's actor.
 */
export const selectDepositFlow = (s: PaymentSnapshot) =>
  s.hasTag('deposit') ? ((s.children.deposit ?? null) as unknown as ActorRefFrom<typeof depositMachine> | null) : null;
/** When the member reported a bank transfer for the invoice (ISO), or null. */
export const selectTransferReportedAt = (s: PaymentSnapshot) => s.context.transferReportedAt;
export const selectMethods = (s: PaymentSnapshot) => offeredMethods(s.context.invoice, s.context.options);
export const selectGateways = (s: PaymentSnapshot) => s.context.options?.gateways ?? [];
export const selectCoin = (s: PaymentSnapshot) => s.context.coin;
export const selectCoins = (s: PaymentSnapshot) => offeredCoins(s.context.method, s.context.options);
export const selectTransaction = (s: PaymentSnapshot) => s.context.transaction;
export const selectLink = (s: PaymentSnapshot) => s.context.link;
export const selectBank = (s: PaymentSnapshot) => s.context.options?.bank ?? null;
export const selectTransferMethods = (s: PaymentSnapshot) => transferMethods(s.context.options?.bank ?? null);
export const selectTransferMethod = (s: PaymentSnapshot) => s.context.transferMethod;
export const selectDeadline = (s: PaymentSnapshot) => s.context.deadline;
export const selectError = (s: PaymentSnapshot) => s.context.error;
/**
 * The error shown in the dialog as well as in the notifier (calls §8), only where the dialog gives more than
 * the message: no such invoice (the step's whole content), a gateway down (the support link). Every other
 * failed call's message is the notifier's alone.
 */
export const selectInlineError = (s: PaymentSnapshot) => {
  const { error } = s.context;
  return error && inlineReasons.includes(error.reason ?? '') ? error : null;
};
const inlineReasons = ['InvoiceNotFound', 'GatewayUnavailable'];
export const selectNotice = (s: PaymentSnapshot) => s.context.notice;
/** The invoice is polled (the dialog waits for a payment) or paused while the tab is hidden. */
export const selectPolling = (s: PaymentSnapshot) => s.matches({ open: 'paying' }) && !s.matches({ open: { paying: { poll: 'paused' } } });
/** The outcome as data: paid, paid late (counted at the rate when it arrived), or still open. */
export function selectOutcome(s: PaymentSnapshot): 'paid' | 'paidLate' | 'paidShort' | 'expired' | null {
  if (s.matches('paid')) return s.context.invoice?.payments.some((payment) => payment.late) ? 'paidLate' : 'paid';
  if (s.hasTag('short')) return 'paidShort';
  if (s.matches({ open: { paying: { steps: 'lockEnded' } } })) return 'expired';
  return null;
}
export const selectCanGoBack = (s: PaymentSnapshot) => s.can({ type: 'step.back' });
/** The invoice the flow pays (the page the flow was mounted for reads it back). */
export const selectInvoiceId = (s: PaymentSnapshot) => s.context.invoiceId;
/** The dialog is open (once paid the flow ends and the invoice page goes on to the thank-you page). */
export const selectDialogOpen = (s: PaymentSnapshot) => s.matches('open');
