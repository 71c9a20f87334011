// Canceling unpaid invoices, and the sweeps that cancel those that can no longer be paid. An unpaid invoice
// holding a promo code use, with nothing paid, no gateway transaction in its rate lock and no fiat transfer
// started in the last 5 days (fiatPaymentWait), expires at its due date (3 days); an invoice of a kind that can
// go stale (invoice-kinds.ts) is canceled once its kind no longer takes the payment. Both are canceled lazily,
// when the promo code is checked or used, or when the member reads or pays their invoices.
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fiatPaymentWait } from '../../../domain/timing';
import { cents, compare } from '../../../domain/money';
import { creditWallet } from '../wallet/ledger';
import { kindAllowsPayment, notifyListeners, staleKinds, type InvoiceRow } from './invoice-kinds';
import { gatewayTransactions, invoices, type CancelReason } from './tables';

/**
 * Cancels an unpaid invoice, once (a conditional update from unpaid): what was paid on it goes back to the
 * wallet (REFUND_TO_BALANCE), and the listeners let go of what it held (the shop its promo code use).
 * Callbacks for its pending gateway transactions credit the wallet later (see callbacks.ts).
 */
export async function cancelInvoice(tx: Db, invoiceId: number, reason: CancelReason): Promise<boolean> {
  const now = new Date();
  const [invoice] = await tx
    .update(invoices)
    .set({ status: 'canceled', cancelReason: reason, updatedAt: now })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'unpaid')))
    .returning();
  if (!invoice) return false;
  if (compare(invoice.amountPaid, '0') > 0) {
    await creditWallet(tx, {
      userId: invoice.userId,
      currency: invoice.currency,
      amount: cents(invoice.amountPaid),
      type: 'REFUND_TO_BALANCE',
      entryKey: `invoice:${invoice.id}:REFUND_TO_BALANCE`,
      invoiceId: invoice.id,
      note: `Paid on invoice ${invoice.tag}, canceled (${reason})`,
      details: { invoice_tag: invoice.tag, reason: 'invoice_canceled' },
    });
  }
  await notifyListeners('canceled', tx, invoice, now);
  return true;
}

/** Unpaid invoices the sweeps look at: with a promo code use, past due, nothing paid; of kinds that go stale. */
function cancelCandidates(now: Date) {
  const stale = staleKinds();
  return and(
    eq(invoices.status, 'unpaid'),
    or(
      and(
        isNotNull(invoices.promoCodeId),
        eq(invoices.amountPaid, '0'),
        lte(invoices.dueDate, now),
        or(isNull(invoices.fiatPaymentStartedAt), lte(invoices.fiatPaymentStartedAt, new Date(now.getTime() - fiatPaymentWait))),
      ),
      stale.length ? inArray(invoices.kind, stale) : undefined,
    ),
  );
}

/** Why a locked unpaid invoice can no longer be paid, or null. */
async function cancelReasonOf(tx: Db, invoice: InvoiceRow, now: Date): Promise<CancelReason | null> {
  if (invoice.status !== 'unpaid') return null;
  if (!(await kindAllowsPayment(tx, invoice))) return 'stale';
  if (invoice.promoCodeId === null || compare(invoice.amountPaid, '0') !== 0 || invoice.dueDate > now) return null;
  // A bank transfer (or payment link) started on it may take banking days to arrive.
  if (invoice.fiatPaymentStartedAt && invoice.fiatPaymentStartedAt.getTime() > now.getTime() - fiatPaymentWait) return null;
  // A crypto payment may be on its way while its rate lock runs.
  const [inFlight] = await tx
    .select({ id: gatewayTransactions.id })
    .from(gatewayTransactions)
    .where(and(eq(gatewayTransactions.invoiceId, invoice.id), eq(gatewayTransactions.status, 'pending'), gt(gatewayTransactions.expiresAt, now)))
    .limit(1);
  return inFlight ? null : 'expired';
}

/**
 * Cancels the invoices `scope` names that can no longer be paid (expired ones holding a promo code use, stale
 * ones), inside the caller's transaction. Invoices another transaction holds are skipped (a payment is on
 * them); each is canceled once however many sweeps run at the same time. Answers how many it canceled.
 */
export async function expireInvoicesIn(tx: Db, scope: SQL | undefined): Promise<number> {
  const now = new Date();
  const rows = await tx
    .select()
    .from(invoices)
    .where(and(cancelCandidates(now), scope))
    .orderBy(asc(invoices.id))
    .for('update', { skipLocked: true });
  let canceled = 0;
  for (const invoice of rows) {
    const reason = await cancelReasonOf(tx, invoice, now);
    if (reason && (await cancelInvoice(tx, invoice.id, reason))) canceled += 1;
  }
  return canceled;
}

/** expireInvoicesIn in a transaction of its own, opened only when some invoice in scope is a candidate. */
export async function expireInvoices(db: Db, scope: SQL | undefined): Promise<number> {
  const [candidate] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(cancelCandidates(new Date()), scope))
    .limit(1);
  if (!candidate) return 0;
  return db.transaction((tx) => expireInvoicesIn(tx as unknown as Db, scope));
}
