// The rules both payment flows (invoice payment and deposit) and their views share: which methods and coins
// are offered, what kind of step a method leads to, the idempotency key of an attempt, the rate lock's
// deadline and what counts as a short payment. Pure functions of the flows' context.
import { compare, isDecimalString, subtract, type Decimal } from '../../domain/money';
import type {
  BankDetails,
  CryptoModule,
  InvoiceState,
  LinkModule,
  MethodPrice,
  PaymentCoin,
  PaymentContext,
  PaymentMethod,
  PaymentOptions,
  TransferMethod,
} from './payments.types';

/** What a method leads to: paying from the balance, a crypto address, a payment page, or bank details. */
export type MethodKind = 'balance' | 'crypto' | 'link' | 'bank';

export function methodKind(method: PaymentMethod): MethodKind {
  if (method === 'balance') return 'balance';
  if (method === 'coinpayments' || method === 'cpay') return 'crypto';
  if (method === 'payport' || method === 'prodamus') return 'link';
  return 'bank';
}

export const isCryptoModule = (method: PaymentMethod | null): method is CryptoModule => method !== null && methodKind(method) === 'crypto';
export const isLinkModule = (method: PaymentMethod | null): method is LinkModule => method !== null && methodKind(method) === 'link';

/**
 * The methods offered for an invoice: the balance (not for a deposit, which comes in through a gateway) and
 * the tenant's active gateways shown in the form.
 */
export function offeredMethods(invoice: InvoiceState | null, options: PaymentOptions | null): PaymentMethod[] {
  if (!invoice || !options) return [];
  const gateways = options.gateways.map((gateway) => gateway.module);
  return invoice.kind === 'deposit' ? gateways : ['balance', ...gateways];
}

/** The method a dialog opens on: the gateway the invoice has (its fee is in the invoice's total), if offered. */
export function initialMethod(invoice: InvoiceState, options: PaymentOptions): PaymentMethod | null {
  const gateway = invoice.gateway;
  return offeredMethods(invoice, options).find((method) => method === gateway) ?? null;
}

/** The coins (CoinPayments) or networks (cpay) of the chosen crypto gateway. */
export function offeredCoins(method: PaymentMethod | null, options: PaymentOptions | null): PaymentCoin[] {
  return options && isCryptoModule(method) ? options.coins[method] : [];
}

/** The ways of making a bank transfer the details allow: to the account, to the card. */
export function transferMethods(bank: BankDetails | null): TransferMethod[] {
  if (!bank) return [];
  return [...(bank.iban || bank.swift || bank.bic ? (['account'] as const) : []), ...(bank.cardNumber ? (['card'] as const) : [])];
}

/** The idempotency key of a payment attempt: one per dialog and attempt (1-128 of [A-Za-z0-9_.:-]). */
export const attemptKey = (keyPrefix: string, attempt: number) => `${keyPrefix}:${attempt}`;

/**
 * The rate lock of an address shown now: `lockMs` from now, or the gateway's own end if that comes first
 * (an address asked for again keeps its first lock).
 */
export function rateLock(now: number, lockMs: number, expiresAt: string | null): { deadline: number; lockLeft: number } {
  const gatewayEnd = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  const deadline = Number.isFinite(gatewayEnd) ? Math.min(now + lockMs, gatewayEnd) : now + lockMs;
  return { deadline, lockLeft: Math.max(0, deadline - now) };
}

const positive = (amount: string) => isDecimalString(amount) && compare(amount, '0') > 0;

export const isPaid = (invoice: InvoiceState | null) => invoice?.status === 'paid';
/** Canceled or refunded: it can no longer be paid. */
export const isNotPayable = (invoice: InvoiceState | null) => invoice !== null && invoice.status !== 'paid' && invoice.status !== 'unpaid';

/**
 * A payment arrived during this attempt (more has arrived than when it began) and money is still due: it
 * came short, or late at a lower rate.
 */
export function hasShortPayment(context: Pick<PaymentContext, 'invoice' | 'paidAtAttempt'>): boolean {
  const { invoice } = context;
  return (
    invoice !== null &&
    invoice.status === 'unpaid' &&
    compare(invoice.amountPaid, context.paidAtAttempt) > 0 &&
    positive(invoice.amountDue)
  );
}

/** The coin the pending transaction is in, as an offered coin's id (to show it again on reopening). */
export function coinOfTransaction(method: PaymentMethod | null, options: PaymentOptions | null, code: string): string | null {
  return offeredCoins(method, options).find((coin) => coin.code === code || coin.id === code)?.id ?? null;
}

/**
 * What the member pays with the method chosen, as the server charges it. The invoice's amount due carries the
 * fee of the gateway last set on it; paying from the balance has no fee, and another gateway's own fee is set
 * on Continue, so for those the amount due is counted without that fee (never below zero).
 */
export function dueWith(invoice: InvoiceState, method: PaymentMethod | null): Decimal {
  if (method !== null && method !== 'balance' && method === invoice.gateway) return invoice.amountDue;
  const withoutFees = subtract(subtract(invoice.total, invoice.fees), invoice.amountPaid);
  return compare(withoutFees, '0') > 0 ? withoutFees : '0';
}

/** What paying the invoice this way would charge, as the server told before a choice (or null). */
export function methodPrice(invoice: InvoiceState | null, method: PaymentMethod | null): MethodPrice | null {
  return invoice?.prices.find((price) => price.method === method) ?? null;
}

/**
 * How much the balance lacks to pay the invoice (what paying from it would take, less what is available in
 * the invoice's currency), or null when it is enough or either figure is unknown.
 */
export function balanceShortfall(context: Pick<PaymentContext, 'invoice'> & { balance: Decimal | null }): Decimal | null {
  const due = methodPrice(context.invoice, 'balance')?.amountDue;
  if (due === undefined || context.balance === null || compare(context.balance, due) >= 0) return null;
  return subtract(due, context.balance);
}
