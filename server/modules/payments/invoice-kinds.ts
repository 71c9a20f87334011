// Settlement belongs to the area that sold (DESIGN §6). Payments knows invoices and how money arrives for them;
// what paying an invoice does is the business of the area whose kind it is. Each area registers its kinds
// (server/modules/<area>/fulfil.ts) and payments dispatches a paid invoice by its kind, in the same
// transaction. Areas that care about every invoice, whatever its kind (referral earnings, promo code uses),
// register a listener. Registration happens once at start (server/modules/invoice-kinds.ts lists them all).
// Payments imports no area that sells and settles every kind without naming it (it makes one kind itself,
// deposits.ts, which the wallet area fulfils).
import type { Db } from '../../db/client';
import type { invoices } from './tables';

export type InvoiceRow = typeof invoices.$inferSelect;

/** What an area does for the invoices of one kind; each call runs in payments' transaction, the invoice locked. */
export interface InvoiceKindHandler {
  /** What paying it does, inside the settling transaction (which has just moved it from unpaid to paid, once). */
  fulfil(tx: Db, invoice: InvoiceRow, now: Date): Promise<void>;
  /**
   * Whether an unpaid invoice of the kind may still take a payment, asked before money moves (it may lock the
   * rows its answer rests on for the rest of the transaction). Without it: always.
   */
  payable?(tx: Db, invoice: InvoiceRow): Promise<boolean>;
  /**
   * Invoices of the kind can go stale while they wait unpaid (payable turns false): the sweeps that cancel what
   * can no longer be paid look at them, and paying one that went stale (or was canceled as stale or replaced)
   * is refused with this error.
   */
  staleError?: () => Error;
  /** Paying it from the balance is refused with this error (a deposit fills the balance; it cannot come from it). */
  balanceRefused?: () => Error;
}

/** What an area does for every invoice, whatever its kind, inside the transaction that made, paid or canceled it. */
export interface InvoiceListener {
  /** The invoice was just written (its items not yet). */
  made?(tx: Db, invoice: InvoiceRow): Promise<unknown>;
  /** The invoice was just paid, before its kind's fulfil. */
  paid?(tx: Db, invoice: InvoiceRow, now: Date): Promise<unknown>;
  /** The unpaid invoice was just canceled (what was paid on it is already back in the wallet). */
  canceled?(tx: Db, invoice: InvoiceRow, now: Date): Promise<unknown>;
}

const kinds = new Map<string, InvoiceKindHandler>();
const listeners = new Set<InvoiceListener>();

/** Registers an area's handler of a kind: the same again changes nothing, another handler for it is a mistake. */
export function registerInvoiceKind(kind: string, handler: InvoiceKindHandler): void {
  const known = kinds.get(kind);
  if (known && known !== handler) throw new Error(`The invoice kind "${kind}" is registered by two areas.`);
  kinds.set(kind, handler);
}

export function registerInvoiceListener(listener: InvoiceListener): void {
  listeners.add(listener);
}

/** The handler of a kind; an invoice of a kind no area registered is a programming error, never settled silently. */
export function invoiceKind(kind: string): InvoiceKindHandler {
  const handler = kinds.get(kind);
  if (!handler) throw new Error(`No area registered the invoice kind "${kind}" (server/modules/invoice-kinds.ts registers them at start).`);
  return handler;
}

/** The kinds whose unpaid invoices can go stale (see staleError). */
export const staleKinds = (): string[] => [...kinds].flatMap(([kind, handler]) => (handler.staleError ? [kind] : []));

type ListenerCall<E extends keyof InvoiceListener> = Parameters<Required<InvoiceListener>[E]>;

/** Tells every listener of the event, one after the other, in the order they registered. */
export async function notifyListeners<E extends keyof InvoiceListener>(event: E, ...args: ListenerCall<E>): Promise<void> {
  for (const listener of listeners) {
    const handle = listener[event] as ((...call: ListenerCall<E>) => Promise<unknown>) | undefined;
    await handle?.apply(listener, args);
  }
}

/** Whether an unpaid invoice may still take a payment, as its kind says. */
export async function kindAllowsPayment(tx: Db, invoice: InvoiceRow): Promise<boolean> {
  const handler = invoiceKind(invoice.kind);
  return handler.payable ? handler.payable(tx, invoice) : true;
}
