// Paying an invoice from the member's balance: the amount due debited from the wallet of the invoice's
// currency (no fee of its own, no conversion) and the invoice settled, in one transaction with the invoice locked.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withIdempotency } from '../../db/idempotency';
import type { UserRow } from '../../context';
import { appError } from '../../errors';
import { compare, subtract } from '../../../domain/money';
import { debitWallet } from '../wallet/ledger';
import { expireInvoices } from './expiry';
import { repriced } from './gateways';
import { atLeastZero, lockOwnInvoice, requirePayable } from './invoices';
import { invoiceKind } from './invoice-kinds';
import { ownInvoiceMatch, refText, type InvoiceRef } from './invoice-ref';
import { settleIfCovered } from './settlement';
import { invoices } from './tables';

const paidMessage = { status: 'success', message: 'The invoice is paid.' } as const;

/**
 * payFromBalance: the amount due debited from the wallet in the invoice's currency (no fee, no conversion)
 * and the invoice settled, in one transaction with the invoice locked. A repeat for an invoice the balance
 * already paid answers the same success and moves nothing.
 */
export async function payFromBalance(db: Db, user: UserRow, ref: InvoiceRef, key: string | null) {
  await expireInvoices(db, ownInvoiceMatch(user.id, ref));
  return withIdempotency(db, user.id, 'payFromBalance', key, { invoice_id: refText(ref) }, async (tx) => {
    const invoice = await lockOwnInvoice(tx, user.id, ref);
    if (invoice.status === 'paid' && invoice.paymentGateway === 'balance') return { ...paidMessage };
    await requirePayable(tx, invoice);
    const { balanceRefused } = invoiceKind(invoice.kind);
    if (balanceRefused) throw balanceRefused();
    // No fee of its own, but what arrived through a gateway keeps that gateway's fee owed.
    const { fees, total } = await repriced(tx, invoice, 'balance', invoice.currency);
    const due = atLeastZero(subtract(total, invoice.amountPaid));
    if (compare(due, '0') > 0) {
      const debited = await debitWallet(tx, {
        userId: user.id,
        currency: invoice.currency,
        amount: due,
        type: 'INVOICE',
        entryKey: `invoice:${invoice.id}:INVOICE`,
        invoiceId: invoice.id,
        note: `Invoice ${invoice.tag}`,
        details: { invoice_tag: invoice.tag },
      });
      if (!debited) throw appError('conflict', 'Insufficient balance for an invoice.', { reason: 'InsufficientBalance' });
    }
    await tx
      .update(invoices)
      .set({ paymentGateway: 'balance', fees, total, amountPaid: sql`${invoices.amountPaid} + ${due}::numeric`, updatedAt: new Date() })
      .where(eq(invoices.id, invoice.id));
    await settleIfCovered(tx, invoice.id);
    return { ...paidMessage };
  });
}
