import type { AppError, Outcome } from '../../domain/app-error';
import type {
  CreateTransactionOutcome,
  CreateTransactionRequest,
  InvoiceState,
  PaymentContext,
  PaymentLinkOutcome,
  PaymentMethod,
  PaymentOptions,
  SetGatewayOutcome,
  SetGatewayRequest,
  TransferMethod,
} from './payments.types';

export interface InvoicePaymentInput {
  /** The invoice's id (or tag). */
  invoiceId: string;
  /** Made once per opening of the dialog by the app (a random id): the attempts' idempotency keys start with it. */
  keyPrefix: string;
}

/** What the member is told to do before going on (spec §8 "Gateway messages", §5 "Bank transfer"). */
export type PaymentNotice = 'chooseGateway' | 'chooseCurrency' | 'chooseTransferMethod';

export interface InvoicePaymentContext extends PaymentContext {
  invoiceId: string;
  error: AppError | null;
  notice: PaymentNotice | null;
  /** What the current idempotency key was made for (method and coin): the same choice retried keeps the key. */
  attemptOf: string | null;
}

/** The invoice and the tenant's ways to pay, loaded when the dialog opens. */
export type LoadPaymentOutcome = Outcome<{ invoice: InvoiceState; options: PaymentOptions }, 'InvoiceNotFound'>;
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
  /** The rate lock ended: a new address at the rate of now. */
  | { type: 'transaction.renew' }
  /** Preparing the payment failed unexpectedly: try again (the same attempt, the same key). */
  | { type: 'transaction.retry' }
  /** A short payment arrived: a new transaction for exactly what is still due. */
  | { type: 'difference.pay' }
  | { type: 'load.retry' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | { type: 'dialog.close' };

/** How the dialog ended: paid (go to the thank-you page) or closed by the member. */
export type InvoicePaymentOutput = { paid: true; tag: string; late: boolean } | { paid: false };
