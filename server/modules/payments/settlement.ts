// Settling: an invoice whose payments cover its total becomes paid, once, and is handed to the area whose kind
// it is (invoice-kinds.ts), in the same transaction as the payment that covered it.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cents, compare, subtract, type Decimal } from '../../../domain/money';
import { creditWallet } from '../wallet/ledger';
import { invoiceKind, notifyListeners } from './invoice-kinds';
import { invoices } from './tables';

/**
 * Marks the invoice paid when what arrived covers its total (a conditional update from unpaid, so it happens
 * once), tells the listeners (the sponsors' referral earnings are approved), credits any excess to the wallet
 * (OVERPAYMENT), and fulfils it through its kind's handler: a deposit fills its wallet, an order leaves its
 * purchases, a tariff runs, whatever the area that sold it registered. Null when it is not covered (or was
 * paid already).
 */
export async function settleIfCovered(tx: Db, invoiceId: number): Promise<{ excess: Decimal } | null> {
  const now = new Date();
  const [invoice] = await tx
    .update(invoices)
    .set({ status: 'paid', datePaid: now, updatedAt: now })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'unpaid'), sql`${invoices.amountPaid} >= ${invoices.total}`))
    .returning();
  if (!invoice) return null;
  await notifyListeners('paid', tx, invoice, now);
  const excess = cents(subtract(invoice.amountPaid, invoice.total));
  if (compare(excess, '0') > 0) {
    await creditWallet(tx, {
      userId: invoice.userId,
      currency: invoice.currency,
      amount: excess,
      type: 'OVERPAYMENT',
      entryKey: `invoice:${invoice.id}:OVERPAYMENT`,
      invoiceId: invoice.id,
      note: `Overpayment of invoice ${invoice.tag}`,
      details: { invoice_tag: invoice.tag },
    });
  }
  await invoiceKind(invoice.kind).fulfil(tx, invoice, now);
  return { excess };
}
