// Deposits (depositFunds): an invoice that, once paid through a gateway, fills the member's wallet of its
// currency (the wallet area's deposit kind, wallet/fulfil.ts).
import type { Db } from '../../db/client';
import { withIdempotency } from '../../db/idempotency';
import type { UserRow } from '../../context';
import { appError, validationError } from '../../errors';
import { requireWithin } from '../../validation';
import { depositAmount, excludedWalletCurrencies } from '../../../domain/limits';
import { cents } from '../../../domain/money';
import { tenantFlag, type TenantRow } from '../shell/service';
import { insertInvoice } from './invoices';

const decimalAmount = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * depositFunds: an invoice that, once paid through a gateway, credits the wallet of the currency
 * (WALLET_REFILL). Amount 10-50000 in that currency; the currency one of the tenant's supported ones.
 */
export async function createDeposit(
  db: Db,
  tenant: TenantRow,
  user: UserRow,
  input: { amount: string; currency: string | null; idempotencyKey: string | null },
): Promise<number> {
  if (tenantFlag(tenant, 'disable_deposit')) throw appError('forbidden', 'Deposits are switched off for this portal.');
  const currency = (input.currency ?? tenant.currency).trim().toUpperCase();
  if (!tenant.supportedCurrencies.includes(currency) || (excludedWalletCurrencies as readonly string[]).includes(currency)) {
    throw validationError({ currency: ['unknownCurrency'] });
  }
  const amount = input.amount.trim();
  if (!decimalAmount.test(amount)) throw validationError({ amount: ['decimal'] });
  requireWithin(amount, depositAmount, (bound, limit) => `The ${bound} deposit is ${limit} ${currency}.`);
  const { invoiceId } = await withIdempotency(db, user.id, 'depositFunds', input.idempotencyKey, { amount: cents(amount), currency }, async (tx) => {
    const invoice = await insertInvoice(tx, {
      tenantId: tenant.id,
      userId: user.id,
      kind: 'deposit',
      currency,
      subtotal: cents(amount),
      discount: '0',
      items: [{ subject: `Deposit to the ${currency} wallet`, qty: 1, unitPrice: cents(amount), amount: cents(amount) }],
    });
    return { invoiceId: invoice.id };
  });
  return invoiceId;
}
