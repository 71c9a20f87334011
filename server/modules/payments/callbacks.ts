// Gateway callbacks: POST /gateways/{module}/callback, verified before anything changes, then applied to its
// transaction and invoice in one database transaction with both locked. Where the money goes (the spec names
// the ledger types, not the rules; these are ours, and the Invoice's payments show each payment's outcome):
// - for an unpaid invoice it counts toward it at the transaction's rate (after the 15-minute lock at the rate
//   when it arrives): short leaves the rest due (a new transaction or the balance pays it), exactly or over
//   pays the invoice and the excess goes to the wallet in the invoice's currency (OVERPAYMENT);
// - for an invoice that can no longer take it (already paid another way, canceled, refunded, or gone stale),
//   it goes to the wallet whole (OVERPAYMENT), once per gateway transaction;
// - an unpaid invoice canceled with something paid on it gives that back to the wallet (REFUND_TO_BALANCE).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ServerConfig } from '../../config';
import { centsReceived, compare, integerDigits, multiply, truncate } from '../../../domain/money';
import { moneyColumn } from '../../db/columns';
import { adapterFor, isGatewayModule, type CallbackEvent } from '../../gateways';
import { creditWallet } from '../wallet/ledger';
import { cancelInvoice } from './expiry';
import type { GatewayRow } from './gateways';
import { kindAllowsPayment } from './invoice-kinds';
import { settleIfCovered } from './settlement';
import { currentRate } from './transactions';
import { gatewayCallbacks, gatewayTransactions, invoices, paymentGateways, type PaymentOutcome } from './tables';

export type CallbackOutcome =
  | 'paid'
  | 'partial'
  | 'pending'
  | 'failed'
  | 'duplicate'
  | 'unknown'
  | 'foreign'
  | 'already_paid'
  | 'not_payable'
  | 'bad_signature'
  | 'invalid';

const httpStatus: Record<CallbackOutcome, number> = {
  paid: 200,
  partial: 200,
  pending: 200,
  failed: 200,
  duplicate: 200,
  already_paid: 200,
  not_payable: 200,
  unknown: 404,
  foreign: 403,
  bad_signature: 401,
  invalid: 422,
};

/** What a verified callback did to its transaction and invoice, in one transaction with both locked. */
async function applyCallback(tx: Db, gateway: GatewayRow, event: CallbackEvent): Promise<CallbackOutcome> {
  const [txn] = await tx
    .select()
    .from(gatewayTransactions)
    .where(and(eq(gatewayTransactions.gateway, gateway.module), eq(gatewayTransactions.txnId, event.txnId)))
    .for('update');
  if (!txn) return 'unknown';
  if (txn.gatewayId !== gateway.id || (event.invoiceId !== null && event.invoiceId !== String(txn.invoiceId)) || (event.coin && event.coin !== txn.coin)) {
    return 'foreign';
  }
  if (txn.status === 'completed') return 'duplicate';
  if (event.status < 0) {
    await tx.update(gatewayTransactions).set({ status: 'failed' }).where(and(eq(gatewayTransactions.id, txn.id), eq(gatewayTransactions.status, 'pending')));
    return 'failed';
  }
  if (event.status < 100) return 'pending';
  // A completion that carries nothing completes nothing: the real one may still come.
  if (compare(event.receivedAmount, '0') <= 0) return 'pending';
  // Kept as exactly as the column holds it, cut toward zero (never rounded up into anyone's favour).
  const received = truncate(event.receivedAmount, moneyColumn.scale);
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, txn.invoiceId)).for('update');
  if (!invoice) return 'unknown';
  const now = new Date();
  // Within the rate lock the transaction's rate holds; a late payment counts at the rate when it arrives.
  const late = now.getTime() > txn.expiresAt.getTime();
  const rate = late && txn.coinCurrency !== invoice.currency ? await currentRate(tx, txn.coinCurrency, invoice.currency) : txn.rate;
  const credited = centsReceived(multiply(received, rate));
  // An invoice gone stale (an upgrade whose tariff no longer runs) cannot take it: canceled first (what it had
  // goes back too).
  let status = invoice.status;
  if (status === 'unpaid' && !(await kindAllowsPayment(tx, invoice))) {
    await cancelInvoice(tx, invoice.id, 'stale');
    status = 'canceled';
  }
  const outcome: PaymentOutcome = status === 'unpaid' ? 'invoice' : status === 'paid' ? 'already_paid' : status === 'refunded' ? 'refunded' : 'canceled';
  // A transaction the provider reported failed (timed out) may still receive the money later: it completes too.
  const completed = await tx
    .update(gatewayTransactions)
    .set({ status: 'completed', receivedAmount: received, creditedAmount: credited, late, outcome, completedAt: now })
    .where(and(eq(gatewayTransactions.id, txn.id), inArray(gatewayTransactions.status, ['pending', 'failed'])))
    .returning({ id: gatewayTransactions.id });
  if (!completed.length) return 'duplicate';
  if (outcome !== 'invoice') {
    // The money arrived all the same: the payer's wallet gets it, once per gateway transaction.
    if (compare(credited, '0') <= 0) return status === 'paid' ? 'already_paid' : 'not_payable';
    await creditWallet(tx, {
      userId: invoice.userId,
      currency: invoice.currency,
      amount: credited,
      type: 'OVERPAYMENT',
      entryKey: `payment:${txn.gateway}:${txn.txnId}:OVERPAYMENT`,
      invoiceId: invoice.id,
      note: `Payment ${txn.txnId} for invoice ${invoice.tag}, which was already ${status}`,
      details: { invoice_tag: invoice.tag, ref: txn.txnId, reason: status === 'paid' ? 'already_paid' : status === 'refunded' ? 'already_refunded' : 'already_canceled' },
    });
    return status === 'paid' ? 'already_paid' : 'not_payable';
  }
  await tx
    .update(invoices)
    .set({ amountPaid: sql`${invoices.amountPaid} + ${credited}::numeric`, updatedAt: now })
    .where(eq(invoices.id, invoice.id));
  const settled = await settleIfCovered(tx, invoice.id);
  if (!settled) return 'partial';
  if (compare(settled.excess, '0') > 0) await tx.update(gatewayTransactions).set({ outcome: 'overpaid' }).where(eq(gatewayTransactions.id, txn.id));
  return 'paid';
}

/**
 * POST /gateways/{module}/callback: the signature is checked against the raw body with the merchant's IPN
 * secret before anything is read from the database for the payment; only then is the payment applied. Every
 * verified callback is logged with its outcome; forged ones are refused and change nothing.
 */
export async function handleGatewayCallback(
  db: Db,
  config: Pick<ServerConfig, 'production'>,
  module: string,
  rawBody: string,
  headers: Record<string, string | undefined>,
): Promise<{ status: number; body: { result: CallbackOutcome } }> {
  const answer = (result: CallbackOutcome) => ({ status: httpStatus[result], body: { result } });
  if (!isGatewayModule(module)) return answer('unknown');
  const adapter = adapterFor(module, config);
  const merchant = adapter?.merchantOf(rawBody);
  if (!adapter || !merchant) return answer('bad_signature');
  const candidates = await db
    .select()
    .from(paymentGateways)
    .where(and(eq(paymentGateways.module, module), sql`${paymentGateways.privateConfig}->>'merchant_id' = ${merchant}`));
  let verified: { gateway: GatewayRow; event: CallbackEvent } | null = null;
  for (const gateway of candidates) {
    const event = adapter.verifyCallback(rawBody, headers, gateway.privateConfig.ipn_secret);
    if (event) verified = { gateway, event };
  }
  if (!verified) {
    console.warn(`Refused a ${module} callback: the signature does not match.`);
    return answer('bad_signature');
  }
  const { gateway, event } = verified;
  // Signed, but no amount a payment can have (more digits than money holds): refused as invalid, logged, nothing applied.
  if (integerDigits(event.receivedAmount) > moneyColumn.integerDigits) {
    await db.insert(gatewayCallbacks).values({ gateway: module, txnId: event.txnId, outcome: 'invalid', payload: event.fields });
    return answer('invalid');
  }
  const outcome = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const result = await applyCallback(tx, gateway, event);
    await tx.insert(gatewayCallbacks).values({ gateway: module, txnId: event.txnId, outcome: result, payload: event.fields });
    return result;
  });
  return answer(outcome);
}
