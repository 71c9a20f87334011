import type { AppError, Outcome } from '../../domain/app-error';
import type { Decimal } from '../../domain/money';
import type { DepositInput, DepositOutput } from './deposit.types';
import type {
  CreateTransactionOutcome,
  CreateTransactionRequest,
  InvoiceState,
  PaymentContext,
  PaymentLinkOutcome,
  PaymentMethod,
  PaymentOptions,
  ReportTransferOutcome,
  ReportTransferRequest,
  SetGatewayOutcome,
  SetGatewayRequest,
  TransferMethod,
} from './payments.types';

export interface InvoicePaymentInput {
  /** The invoice's id (or tag). */
  invoiceId: string;
  /** Made once per flow by the app (a random id): the attempts' idempotency keys start with it. */
  keyPrefix: string;
  /** The dialog opens at once (/invoice/{id}?pay=true, the cart's checkout, a deposit's payment). */
  openAtOnce: boolean;
}

/** What the member is told to do before going on (spec §8 "Gateway messages", §5 "Bank transfer"). */
export type PaymentNotice = 'chooseGateway' | 'chooseCurrency' | 'chooseTransferMethod';

export interface InvoicePaymentContext extends PaymentContext {
  invoiceId: string;
  /** The dialog is still to open at once (the input asked so); false once it has opened. */
  openAtOnce: boolean;
  error: AppError | null;
  notice: PaymentNotice | null;
  /** What the current idempotency key was made for (method and coin): the same choice retried keeps the key. */
  attemptOf: string | null;
  /** When a bank transfer was reported (as the dialog opened, or by its I paid): kept for this opening, so
   * paying another way asks first whatever later answers carry. */
  transferReportedAt: string | null;
  /** What the member's balance has available in the invoice's currency (as the dialog opened, or after a
   * deposit), or null until known. */
  balance: Decimal | null;
  /** Deposits opened from this payment so far: each one's idempotency keys have a prefix of their own. */
  deposits: number;
}

/** The invoice, the tenant's ways to pay and the balance available in the invoice's currency, loaded when the dialog opens. */
export type LoadPaymentOutcome = Outcome<{ invoice: InvoiceState; options: PaymentOptions; balance: Decimal }, 'InvoiceNotFound'>;
/** payFromBalance: paid (by this call, or by an earlier call with the same key), or a named refusal. */
export type PayFromBalanceOutcome = Outcome<void, 'InsufficientBalance' | 'InvoiceAlreadyPaid'>;

export interface PayFromBalanceRequest {
  invoiceId: string;
  idempotencyKey: string;
}

export interface InvoicePaymentActors {
  loadPayment: { input: { invoiceId: string }; output: LoadPaymentOutcome };
  fetchInvoice: { input: { invoiceId: string }; output: InvoiceState };
  setGateway: { input: SetGatewayRequest; output: SetGatewayOutcome };
  payFromBalance: { input: PayFromBalanceRequest; output: PayFromBalanceOutcome };
  createTransaction: { input: CreateTransactionRequest; output: CreateTransactionOutcome };
  fetchLink: { input: { invoiceId: string; module: 'payport' | 'prodamus' }; output: PaymentLinkOutcome };
  reportTransfer: { input: ReportTransferRequest; output: ReportTransferOutcome };
  /** The balance available in a currency, read again after a deposit. */
  loadBalance: { input: { currency: string }; output: Decimal };
  /** A deposit for what the balance lacks (the deposit flow, opened for this payment). */
  deposit: { input: DepositInput; output: DepositOutput };
}

/** The member's events in the payment dialog (and the page's visibility, told by the app). */
export type InvoicePaymentEvent =
  | { type: 'method.select'; method: PaymentMethod }
  /** Pay (balance) or Continue (a gateway). */
  | { type: 'method.continue' }
  | { type: 'coin.select'; coin: string }
  | { type: 'coin.continue' }
  | { type: 'step.back' }
  /** "I paid": the crypto transfer or the bank transfer is on its way. */
  | { type: 'payment.sent' }
  | { type: 'transfer.select'; method: TransferMethod }
  /** The balance is short: Deposit opens a deposit of what it lacks, which comes back to this payment. */
  | { type: 'deposit.start' }
  /** A bank transfer was reported: the member confirms paying again by another method all the same. */
  | { type: 'payment.confirmAnother' }
  /** The rate lock ended: a new address at the rate of now. */
  | { type: 'transaction.renew' }
  /** Preparing the payment failed unexpectedly: try again (the same attempt, the same key). */
  | { type: 'transaction.retry' }
  /** A short payment arrived: a new transaction for exactly what is still due. */
  | { type: 'difference.pay' }
  | { type: 'load.retry' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  /** Pay: the dialog opens (afresh). */
  | { type: 'dialog.open' }
  | { type: 'dialog.close' };

/** The flow ends only when the invoice is paid: its tag, and whether a payment counted late. */
export interface InvoicePaymentOutput {
  tag: string;
  late: boolean;
}
