// CoinPayments-style instant payment notifications: a form-encoded body signed with HMAC-SHA512 of the raw
// body under the merchant's IPN secret, sent in the HMAC header. The sandbox speaks it for every module.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CallbackEvent } from './types';

export const signatureHeader = 'hmac';

export const signIpn = (rawBody: string, secret: string) => createHmac('sha512', secret).update(rawBody, 'utf8').digest('hex');

export function merchantOf(rawBody: string): string | null {
  return new URLSearchParams(rawBody).get('merchant');
}

const decimal = /^\d+(\.\d+)?$/;

export function verifyIpn(rawBody: string, headers: Record<string, string | undefined>, secret: string): CallbackEvent | null {
  const sent = headers[signatureHeader] ?? '';
  const expected = signIpn(rawBody, secret);
  if (!/^[0-9a-f]+$/i.test(sent) || sent.length !== expected.length) return null;
  if (!timingSafeEqual(Buffer.from(sent.toLowerCase(), 'hex'), Buffer.from(expected, 'hex'))) return null;
  const fields = Object.fromEntries(new URLSearchParams(rawBody));
  const status = Number.parseInt(fields.status ?? '', 10);
  const received = fields.received_amount ?? fields.amount2 ?? '';
  if (fields.ipn_mode !== 'hmac' || !fields.merchant || !fields.txn_id || !Number.isInteger(status) || !decimal.test(received)) return null;
  return {
    merchantId: fields.merchant,
    txnId: fields.txn_id,
    invoiceId: fields.invoice ?? null,
    status,
    receivedAmount: received,
    coin: fields.currency2 ?? '',
    fields,
  };
}

/** The body a provider would send for a completed payment (used by the sandbox's confirm). */
export function ipnBody(event: { merchantId: string; txnId: string; invoiceId: number; status: number; coin: string; currency: string; received: string }) {
  return new URLSearchParams({
    ipn_version: '1.0',
    ipn_type: 'api',
    ipn_mode: 'hmac',
    ipn_id: `sandbox-${Date.now()}`,
    merchant: event.merchantId,
    txn_id: event.txnId,
    invoice: String(event.invoiceId),
    status: String(event.status),
    status_text: event.status >= 100 ? 'Complete' : 'Pending',
    currency1: event.currency,
    currency2: event.coin,
    amount2: event.received,
    received_amount: event.received,
    received_confirms: '3',
  }).toString();
}
