// What the payments area's flows (invoice payment, deposit) hold of invoices, gateways and payments (spec §3
// "Invoice", "Gateway", "Bank transfer config", "Crypto transaction result"), in the flows' own terms. Money
// is Decimal strings with their currency.
import type { Outcome } from '../../domain/app-error';
import type { Decimal } from '../../domain/money';

/** Gateway modules of spec §3 and calls §9 "Interface-text facts". */
export const gatewayModules = ['coinpayments', 'cpay', 'prodamus', 'payport', 'bank_transfer'] as const;
export type GatewayModule = (typeof gatewayModules)[number];
export const isGatewayModule = (value: unknown): value is GatewayModule =>
  typeof value === 'string' && (gatewayModules as readonly string[]).includes(value);

/** The crypto gateways: a transaction to an address, in a coin (CoinPayments) or on a network (cpay). */
export type CryptoModule = Extract<GatewayModule, 'coinpayments' | 'cpay'>;
/** The fiat gateways that answer with a payment page link. */
export type LinkModule = Extract<GatewayModule, 'payport' | 'prodamus'>;

/** What the member pays with: the balance (in the invoice's currency) or one of the tenant's gateways. */
export type PaymentMethod = 'balance' | GatewayModule;

/** Invoice statuses (calls §4 "Status value lists"). */
export const invoiceStatuses = ['unpaid', 'paid', 'canceled', 'refunded'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export interface PaymentGateway {
  id: string;
  module: GatewayModule;
  /** The tenant's display name; null where it gives none (the view names the module, translated). */
  name: string | null;
  description: string | null;
  logo: string | null;
  /** crypto or fiat */
  type: string;
  /** Paid automatically (false for bank transfer, which waits for the operator). */
  automatic: boolean;
  guideUrl: string | null;
}

/** A coin of CoinPayments or a network of cpay (with its replenish minimum, in `minimumCurrency`). */
export interface PaymentCoin {
  /** What the create-transaction call takes: the coin's code (CoinPayments) or the network's id (cpay). */
  id: string;
  code: string;
  name: string;
  network: string | null;
  minimum: Decimal | null;
}

export interface BankDetails {
  name: string | null;
  address: string | null;
  cardNumber: string | null;
  swift: string | null;
  iban: string | null;
  bic: string | null;
  bankName: string | null;
  bankAddress: string | null;
}

/** How a bank transfer is made: to the account (IBAN, SWIFT/BIC) or to the card number. */
export type TransferMethod = 'account' | 'card';

/** The tenant's ways to pay, as the gateway step offers them. */
export interface PaymentOptions {
  /** Active gateways shown in the form (hidden_in_form left out), in the tenant's order. */
  gateways: PaymentGateway[];
  coins: Record<CryptoModule, PaymentCoin[]>;
  /** The bank details of the bank_transfer gateway, or null when the tenant has none. */
  bank: BankDetails | null;
}

/** A crypto transaction: what to send, where, and until when its rate is locked. */
export interface CryptoPayment {
  amount: Decimal;
  /** The coin to send (its code). */
  currency: string;
  address: string;
  txnId: string | null;
  confirmsNeeded: number | null;
  statusUrl: string | null;
  /** End of the 15-minute rate lock (ISO), when the gateway says. */
  expiresAt: string | null;
}

/** A payment that arrived for the invoice. */
export interface ArrivedPayment {
  gateway: string;
  /** What the payer sent, in `currency`. */
  amount: Decimal;
  currency: string;
  /** What it counts for, in the invoice's currency. */
  credited: Decimal;
  /** Arrived after the rate lock ended (counted at the rate when it arrived). */
  late: boolean;
}

/**
 * What paying the invoice one way would charge, told before a choice (Invoice.method_prices): the server's
 * figures, by the rule that setting the method applies, so what the member is shown is what is charged.
 */
export interface MethodPrice {
  method: PaymentMethod;
  fees: Decimal;
  total: Decimal;
  /** total - what has arrived, never below zero. */
  amountDue: Decimal;
}

/** The invoice as the payment flows decide on it (the page shows the rest from its own query). */
export interface InvoiceState {
  id: string;
  tag: string;
  /** order (from a cart) or deposit: a deposit is not paid from the balance. */
  kind: string;
  status: string;
  currency: string;
  total: Decimal;
  fees: Decimal;
  amountPaid: Decimal;
  /** total - amount paid, never below zero: exactly what is still to pay. */
  amountDue: Decimal;
  /** The gateway chosen so far (a module, or balance). */
  gateway: string | null;
  /** The pending crypto transaction, so a reopened dialog shows the same address. */
  cryptoTransaction: CryptoPayment | null;
  /** When the member reported a bank transfer for it (ISO), which the bank has not confirmed yet; else null. */
  transferReportedAt: string | null;
  payments: ArrivedPayment[];
  /** What each offered way to pay would charge (empty when the answer did not tell, or nothing is due). */
  prices: MethodPrice[];
}

export interface SetGatewayRequest {
  invoiceId: string;
  gateway: PaymentMethod;
  /** The coin or network of a crypto gateway: its fee is that currency's. */
  network: string | null;
}

export interface CreateTransactionRequest {
  invoiceId: string;
  module: CryptoModule;
  coin: string;
  idempotencyKey: string;
}

export interface ReportTransferRequest {
  invoiceId: string;
  transferMethod: TransferMethod;
}

/** reportInvoiceTransfer: the invoice remembering the reported transfer, or why it cannot take one. */
export type ReportTransferOutcome = Outcome<InvoiceState, 'InvoiceAlreadyPaid'>;

export type GatewayReason = 'GatewayUnavailable' | 'AutomaticAcceptanceOff' | 'InvoiceAlreadyPaid';

/** setInvoiceGateway: the invoice with the gateway's fee and the new total. */
export type SetGatewayOutcome = Outcome<InvoiceState, GatewayReason>;
export type CreateTransactionOutcome = Outcome<{ transaction: CryptoPayment; invoice: InvoiceState }, GatewayReason>;
export type PaymentLinkOutcome = Outcome<{ link: string; invoice: InvoiceState }, GatewayReason>;

/** The context both payment flows share once an invoice is there. */
export interface PaymentContext {
  /** Idempotency keys of this flow start with it (made once per flow by the app). */
  keyPrefix: string;
  invoice: InvoiceState | null;
  options: PaymentOptions | null;
  method: PaymentMethod | null;
  /** The chosen coin or network (PaymentCoin.id). */
  coin: string | null;
  transaction: CryptoPayment | null;
  link: string | null;
  transferMethod: TransferMethod | null;
  /** The payment attempt: each new one (another coin, the difference, a new rate) gets a new idempotency key. */
  attempt: number;
  idempotencyKey: string | null;
  /** When the rate lock of the shown address ends (the flow's clock, ms); the view counts down to it. */
  deadline: number | null;
  /** How long the rate lock had left when the address was shown (ms): the lock timer's delay. */
  lockLeft: number;
  /** What had arrived when this attempt began: more than this, with money still due, is a short payment. */
  paidAtAttempt: Decimal;
}
