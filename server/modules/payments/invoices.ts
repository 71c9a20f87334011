// Invoices: writing one (any area's kind, registered in invoice-kinds.ts), its money (total, amount due), and
// the checks every payment makes first with the invoice locked: the member's own, unpaid, and payable as its
// kind says.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { appError } from '../../errors';
import { invoiceDue } from '../../../domain/timing';
import { add, cents, compare, subtract, type Decimal } from '../../../domain/money';
import { invoiceKind, kindAllowsPayment, notifyListeners, type InvoiceRow } from './invoice-kinds';
import { ownInvoiceMatch, type InvoiceRef } from './invoice-ref';
import { invoiceItems, invoices } from './tables';

export interface NewInvoice {
  tenantId: number;
  userId: number;
  /** A kind an area registered (invoice-kinds.ts): what paying it does is that area's. */
  kind: string;
  currency: string;
  orderId?: number | null;
  subtotal: Decimal;
  discount: Decimal;
  promo?: { id: number; code: string; discount: Decimal; discountType: string } | null;
  items: { productId?: number | null; subject: string; billingCycle?: string | null; qty: number; unitPrice: Decimal; amount: Decimal }[];
}

/** A fresh public reference (INV- and 12 hex digits), as /thankyou/{tag} shows it. */
export const newInvoiceTag = () => `INV-${randomBytes(6).toString('hex').toUpperCase()}`;

export const atLeastZero = (value: Decimal) => (compare(value, '0') < 0 ? '0.00' : cents(value));

/** total = subtotal - discount + fees + taxes + penalty. */
export const totalWith = (invoice: Pick<InvoiceRow, 'subtotal' | 'discount' | 'taxes' | 'penalty'>, fees: Decimal) =>
  cents(add(add(add(atLeastZero(subtract(invoice.subtotal, invoice.discount)), fees), invoice.taxes), invoice.penalty));

export const amountDue = (invoice: Pick<InvoiceRow, 'total' | 'amountPaid'>) => atLeastZero(subtract(invoice.total, invoice.amountPaid));

/**
 * Writes an invoice and its items (inside the caller's transaction); fees come with the gateway later. Its
 * kind must be registered: an invoice nobody can fulfil is never made.
 */
export async function insertInvoice(tx: Db, data: NewInvoice): Promise<InvoiceRow> {
  invoiceKind(data.kind);
  const now = new Date();
  const [invoice] = await tx
    .insert(invoices)
    .values({
      tag: newInvoiceTag(),
      tenantId: data.tenantId,
      userId: data.userId,
      kind: data.kind,
      currency: data.currency,
      subtotal: data.subtotal,
      discount: data.discount,
      total: atLeastZero(subtract(data.subtotal, data.discount)),
      orderId: data.orderId ?? null,
      promoCodeId: data.promo?.id ?? null,
      promoCode: data.promo?.code ?? null,
      promoDiscount: data.promo?.discount ?? null,
      promoDiscountType: data.promo?.discountType ?? null,
      dueDate: new Date(now.getTime() + invoiceDue),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await notifyListeners('made', tx, invoice!);
  await tx.insert(invoiceItems).values(
    data.items.map((item) => ({
      invoiceId: invoice!.id,
      productId: item.productId ?? null,
      subject: item.subject,
      billingCycle: item.billingCycle ?? null,
      qty: item.qty,
      unitPrice: item.unitPrice,
      amount: item.amount,
      currency: data.currency,
    })),
  );
  return invoice!;
}

export const invoiceNotFound = () => appError('not_found', 'Invoice not found.', { reason: 'InvoiceNotFound' });
const alreadyPaid = () => appError('conflict', 'This invoice is already paid.', { reason: 'InvoiceAlreadyPaid' });
const notPayable = (status: string) => appError('conflict', `This invoice is ${status} and cannot be paid.`);
const invoiceCanceled = () => appError('conflict', 'This invoice was canceled and cannot be paid.', { reason: 'InvoiceCanceled' });

/** The member's invoice the reference names, locked for the transaction; another member's is not found. */
export async function lockOwnInvoice(tx: Db, userId: number, ref: InvoiceRef): Promise<InvoiceRow> {
  const [invoice] = await tx.select().from(invoices).where(ownInvoiceMatch(userId, ref)).for('update');
  if (!invoice) throw invoiceNotFound();
  return invoice;
}

/**
 * The invoice can still take a payment: unpaid (paid is InvoiceAlreadyPaid; canceled is its kind's stale error
 * when it was canceled as stale or replaced, else InvoiceCanceled; refunded cannot be paid), and payable as its
 * kind says (asked with the invoice locked, before money moves).
 */
export async function requirePayable(tx: Db, invoice: InvoiceRow) {
  const { staleError } = invoiceKind(invoice.kind);
  if (invoice.status === 'paid') throw alreadyPaid();
  if (invoice.status === 'canceled') {
    throw staleError && (invoice.cancelReason === 'stale' || invoice.cancelReason === 'replaced') ? staleError() : invoiceCanceled();
  }
  if (invoice.status !== 'unpaid') throw notPayable(invoice.status);
  if (!(await kindAllowsPayment(tx, invoice))) throw (staleError ?? invoiceCanceled)();
}
