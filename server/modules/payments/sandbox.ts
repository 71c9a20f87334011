// The sandbox's side of a payment (outside production): /dev/gateway/confirm plays the provider's verified
// callback, and the sandbox's payment page and QR code read a transaction by its provider id.
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ServerConfig } from '../../config';
import { exchangeRateLock } from '../../../domain/timing';
import { divideRoundingUp } from '../../../domain/money';
import { isGatewayModule } from '../../gateways';
import { ipnBody, signIpn, signatureHeader } from '../../gateways/ipn';
import { handleGatewayCallback } from './callbacks';
import { amountDue } from './invoices';
import { invoiceViews } from './invoice-views';
import { gatewayTransactions, invoices, paymentGateways } from './tables';

/**
 * POST /dev/gateway/confirm: plays the provider's verified callback for the invoice's current transaction
 * (made on the spot for a gateway without one, e.g. bank transfer): a payment worth `amount` in the
 * invoice's currency (default: what the transaction asked for), converted at the transaction's rate.
 */
export async function confirmSandboxPayment(
  db: Db,
  config: Pick<ServerConfig, 'production'>,
  input: { invoiceId: number; amount: string | null },
) {
  // The pending transaction is read before the invoice: a parallel confirm that completed it has settled the
  // invoice in the same database transaction, so the invoice read next shows that (and no second payment is
  // played for an invoice already paid, which would go to the wallet as a real one does).
  let [txn] = await db
    .select()
    .from(gatewayTransactions)
    .where(and(eq(gatewayTransactions.invoiceId, input.invoiceId), eq(gatewayTransactions.status, 'pending')))
    .orderBy(desc(gatewayTransactions.id))
    .limit(1);
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, input.invoiceId));
  if (!invoice) return { status: 404, body: { error: 'No such invoice.' } };
  if (!txn) {
    if (invoice.status !== 'unpaid') return { status: 409, body: { error: `The invoice is ${invoice.status}.` } };
    const module = invoice.paymentGateway;
    if (!module || module === 'balance' || !isGatewayModule(module)) return { status: 409, body: { error: 'Choose a gateway for the invoice first.' } };
    const [gateway] = await db.select().from(paymentGateways).where(and(eq(paymentGateways.tenantId, invoice.tenantId), eq(paymentGateways.module, module)));
    if (!gateway) return { status: 409, body: { error: 'The invoice gateway is not configured.' } };
    const due = amountDue(invoice);
    [txn] = await db
      .insert(gatewayTransactions)
      .values({
        invoiceId: invoice.id,
        gatewayId: gateway.id,
        gateway: module,
        txnId: `SBX-${module.slice(0, 3).toUpperCase()}-${randomBytes(9).toString('hex').toUpperCase()}`,
        coin: invoice.currency,
        coinCurrency: invoice.currency,
        amount: due,
        invoiceAmount: due,
        rate: '1',
        expiresAt: new Date(Date.now() + exchangeRateLock),
      })
      .returning();
  }
  const [gateway] = await db.select().from(paymentGateways).where(eq(paymentGateways.id, txn!.gatewayId));
  const received = input.amount === null ? txn!.amount : divideRoundingUp(input.amount, txn!.rate, txn!.coinCurrency === invoice.currency ? 2 : 8);
  const body = ipnBody({
    merchantId: gateway!.privateConfig.merchant_id,
    txnId: txn!.txnId,
    invoiceId: invoice.id,
    status: 100,
    coin: txn!.coin,
    currency: invoice.currency,
    received,
  });
  const result = await handleGatewayCallback(db, config, txn!.gateway, body, { [signatureHeader]: signIpn(body, gateway!.privateConfig.ipn_secret) });
  // The invoice as it stands after the callback, for the caller (a test or the sandbox page).
  const [after] = await invoiceViews(db, [invoice.id]);
  const invoiceState = after && { id: after.id, status: after.status, total: after.total, amount_paid: after.amount_paid, amount_due: after.amount_due };
  return { status: result.status, body: { ...result.body, invoice: invoiceState } };
}

/** The sandbox page and QR code: a transaction by its provider id. */
export async function sandboxTransaction(db: Db, txnId: string) {
  const [row] = await db
    .select({ txn: gatewayTransactions, tag: invoices.tag, invoiceId: invoices.id, status: invoices.status, currency: invoices.currency })
    .from(gatewayTransactions)
    .innerJoin(invoices, eq(invoices.id, gatewayTransactions.invoiceId))
    .where(eq(gatewayTransactions.txnId, txnId));
  return row ?? null;
}
