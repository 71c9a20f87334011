// Invoices as the contract shows them (invoice, invoices, and every mutation that answers an invoice): items,
// payments that arrived, the current crypto transaction. Reading the member's invoices first cancels those of
// them that can no longer be paid (expiry.ts), so a list never offers one.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CryptoTransaction, Invoice } from '../../generated/resolvers-types';
import { cents } from '../../../domain/money';
import { users } from '../account/tables';
import { tenants } from '../shell/tables';
import { expireInvoices } from './expiry';
import { amountDue, invoiceNotFound } from './invoices';
import { ownInvoiceMatch, type InvoiceRef } from './invoice-ref';
import { gatewayTransactions, invoiceItems, invoices, type InvoiceStatus } from './tables';

type TxnRow = typeof gatewayTransactions.$inferSelect;

/** The statuses invoicePage narrows to (spec §4). */
export { invoiceStatuses } from './tables';

/** A gateway transaction as the contract shows it (amounts without trailing zeros). */
export function cryptoView(txn: TxnRow): CryptoTransaction {
  return {
    amount: txn.amount.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''),
    address: txn.address ?? '',
    txn_id: txn.txnId,
    confirms_needed: txn.confirmsNeeded,
    checkout_url: txn.checkoutUrl,
    status_url: txn.statusUrl,
    qrcode_url: txn.qrcodeUrl,
    currency: txn.coin,
    expires_at: txn.expiresAt,
    status: txn.status,
  };
}

/** Invoices as the contract shows them: items, payments that arrived, the current crypto transaction. */
export async function invoiceViews(db: Db, ids: number[]): Promise<Invoice[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ invoice: invoices, payee: sql<string>`coalesce(${tenants.companyName}, ${tenants.name})`, payeeLogo: tenants.logo, payer: users.name })
    .from(invoices)
    .innerJoin(tenants, eq(tenants.id, invoices.tenantId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(inArray(invoices.id, ids));
  const [items, txns] = await Promise.all([
    db.select().from(invoiceItems).where(inArray(invoiceItems.invoiceId, ids)).orderBy(asc(invoiceItems.id)),
    db.select().from(gatewayTransactions).where(inArray(gatewayTransactions.invoiceId, ids)).orderBy(asc(gatewayTransactions.id)),
  ]);
  const now = Date.now();
  const byId = new Map(
    rows.map(({ invoice, payee, payeeLogo, payer }) => {
      const own = txns.filter((txn) => txn.invoiceId === invoice.id);
      const current = [...own].reverse().find((txn) => txn.status === 'pending' && txn.address && invoice.status === 'unpaid');
      const view: Invoice = {
        id: invoice.id,
        tag: invoice.tag,
        payee_logo: payeeLogo,
        payee,
        payer,
        fees: cents(invoice.fees),
        taxes: cents(invoice.taxes),
        penalty: cents(invoice.penalty),
        total: cents(invoice.total),
        currency: invoice.currency,
        status: invoice.status,
        note: invoice.note,
        upgrade: invoice.upgrade ?? null,
        payment_gateway: invoice.paymentGateway,
        gateway_wallet: invoice.gatewayWallet,
        txn_id: invoice.txnId,
        billing_from: invoice.billingFrom,
        billing_to: invoice.billingTo,
        crypto_payment_started_at: invoice.cryptoPaymentStartedAt,
        fiat_payment_started_at: invoice.fiatPaymentStartedAt,
        due_date: invoice.dueDate,
        date_paid: invoice.datePaid,
        module_products_order_id: invoice.orderId,
        created_at: invoice.createdAt,
        updated_at: invoice.updatedAt,
        promocode:
          invoice.promoDiscount !== null
            ? { discount: cents(invoice.promoDiscount), discount_type: invoice.promoDiscountType ?? 'units', code: invoice.promoCode }
            : null,
        items: items
          .filter((item) => item.invoiceId === invoice.id)
          .map((item) => ({
            subject: item.subject,
            amount: cents(item.amount),
            currency: item.currency,
            qty: item.qty,
            unit_price: cents(item.unitPrice),
            billing_cycle: item.billingCycle,
            product_id: item.productId,
          })),
        kind: invoice.kind,
        subtotal: cents(invoice.subtotal),
        discount: cents(invoice.discount),
        amount_paid: cents(invoice.amountPaid),
        amount_due: amountDue(invoice),
        payment_deadline: current && current.expiresAt.getTime() > now ? current.expiresAt : null,
        crypto_transaction: current ? cryptoView(current) : null,
        cancel_reason: invoice.cancelReason,
        transfer_report: invoice.transferReportedAt
          ? { reported_at: invoice.transferReportedAt, gateway: invoice.transferReportedGateway ?? 'bank_transfer', transfer_method: invoice.transferMethod }
          : null,
        payments: own
          .filter((txn) => txn.status === 'completed')
          .map((txn) => ({
            gateway: txn.gateway,
            amount: txn.receivedAmount ?? '0',
            currency: txn.coin,
            credited: cents(txn.creditedAmount ?? '0'),
            late: txn.late ?? false,
            created_at: txn.completedAt ?? txn.createdAt,
            outcome: txn.outcome ?? 'invoice',
          })),
      };
      return [invoice.id, view] as const;
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** invoice(id): the member's invoice by id or tag. */
export async function ownInvoice(db: Db, userId: number, ref: InvoiceRef): Promise<Invoice> {
  const own = ownInvoiceMatch(userId, ref);
  await expireInvoices(db, own);
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(own);
  if (!row) throw invoiceNotFound();
  return (await invoiceViews(db, [row.id]))[0]!;
}

/** invoices(status, page, count): the member's invoices, newest first. */
export async function invoicePage(db: Db, userId: number, status: InvoiceStatus | null, page: number, perPage: number) {
  await expireInvoices(db, eq(invoices.userId, userId));
  const where = and(eq(invoices.userId, userId), ...(status ? [eq(invoices.status, status)] : []));
  const [{ total = 0 } = {}] = await db.select({ total: count() }).from(invoices).where(where);
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: await invoiceViews(db, rows.map((row) => row.id)),
    paginatorInfo: { current_page: page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)), total },
  };
}
