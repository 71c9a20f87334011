// Gateway transactions: a crypto transaction (an address and an amount in a coin) or a payment link, for the
// amount due, with the gateway's fee and the rate locked for 15 minutes (exchangeRateLock). What arrives
// through them is applied by the gateway's verified callback (callbacks.ts).
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withIdempotency } from '../../db/idempotency';
import type { ServerConfig } from '../../config';
import type { UserRow } from '../../context';
import type { CryptoTransaction } from '../../generated/resolvers-types';
import { appError, validationError } from '../../errors';
import { exchangeRateLock } from '../../../domain/timing';
import { compare, divideRoundingUp, subtract, type Decimal } from '../../../domain/money';
import { adapterFor, type GatewayModule } from '../../gateways';
import { findTenantById } from '../shell/service';
import { expireInvoices } from './expiry';
import { repriced, usableGateway } from './gateways';
import { atLeastZero, lockOwnInvoice, requirePayable } from './invoices';
import { ownInvoiceMatch, refText, type InvoiceRef } from './invoice-ref';
import { cryptoView } from './invoice-views';
import { gatewayCurrencies, gatewayTransactions, invoices } from './tables';

/** Invoice-currency units one coin is worth now (both through their USDT rate). */
export async function currentRate(tx: Db, coinCurrency: string, invoiceCurrency: string): Promise<Decimal> {
  const result = await tx.execute(sql`
    select (c.usdt_rate / i.usdt_rate)::numeric(36,12)::text as rate
    from currencies c, currencies i where c.code = ${coinCurrency} and i.code = ${invoiceCurrency}`);
  const rate = (result as unknown as { rows: { rate: string }[] }).rows[0]?.rate;
  if (!rate) throw new Error(`No exchange rate from ${coinCurrency} to ${invoiceCurrency}.`);
  return rate;
}

interface TransactionInput {
  invoice: InvoiceRef;
  module: Extract<GatewayModule, 'coinpayments' | 'cpay' | 'payport' | 'prodamus'>;
  /** The coin (coinpayments code, cpay network id); null for a fiat link in the invoice's currency. */
  coinRef: string | null;
  origin: string;
}

/**
 * A crypto transaction or a payment link for the amount due (the remainder after a partial payment), with
 * the gateway's fee for the coin and the rate locked for 15 minutes. A pending one for the same gateway, coin
 * and amount that is still locked is answered again instead of a new one.
 */
async function openTransaction(tx: Db, config: Pick<ServerConfig, 'production'>, user: UserRow, input: TransactionInput): Promise<number> {
  const invoice = await lockOwnInvoice(tx, user.id, input.invoice);
  await requirePayable(tx, invoice);
  const tenant = (await findTenantById(tx, invoice.tenantId))!;
  const gateway = await usableGateway(tx, tenant, input.module, config);
  let coin = { code: invoice.currency, currency: invoice.currency };
  if (input.coinRef !== null) {
    const ref = input.coinRef.trim();
    const match = input.module === 'cpay' && /^\d{1,9}$/.test(ref) ? eq(gatewayCurrencies.id, Number.parseInt(ref, 10)) : eq(gatewayCurrencies.code, ref);
    const [row] = await tx
      .select()
      .from(gatewayCurrencies)
      .where(and(eq(gatewayCurrencies.gateway, input.module), match, eq(gatewayCurrencies.status, 'active')));
    if (!row) throw validationError({ [input.module === 'cpay' ? 'currency_id' : 'currency']: ['unknownCurrency'] });
    coin = { code: row.code, currency: row.currency };
  }
  const { fees, total } = await repriced(tx, invoice, input.module, coin.currency);
  const due = atLeastZero(subtract(total, invoice.amountPaid));
  // What arrived already covers this gateway's total: choosing it (setInvoiceGateway) settles the invoice.
  if (compare(due, '0') === 0) throw appError('conflict', 'Nothing is left to pay through this gateway; choose it to settle the invoice.');
  const crypto = input.module === 'coinpayments' || input.module === 'cpay';
  const [reusable] = await tx
    .select()
    .from(gatewayTransactions)
    .where(
      and(
        eq(gatewayTransactions.invoiceId, invoice.id),
        eq(gatewayTransactions.gateway, input.module),
        eq(gatewayTransactions.coin, coin.code),
        eq(gatewayTransactions.status, 'pending'),
        eq(gatewayTransactions.invoiceAmount, due),
        gt(gatewayTransactions.expiresAt, new Date(Date.now() + 60_000)),
      ),
    )
    .orderBy(desc(gatewayTransactions.id))
    .limit(1);
  const now = new Date();
  let txn = reusable;
  if (!txn) {
    const rate = coin.currency === invoice.currency ? '1' : await currentRate(tx, coin.currency, invoice.currency);
    const amount = divideRoundingUp(due, rate, coin.currency === invoice.currency ? 2 : 8);
    const adapter = adapterFor(gateway.module as GatewayModule, config)!;
    const request = {
      module: gateway.module as GatewayModule,
      merchantId: gateway.privateConfig.merchant_id,
      invoiceId: invoice.id,
      invoiceTag: invoice.tag,
      amount,
      coin: coin.code,
      origin: input.origin,
    };
    const made = crypto ? await adapter.createTransaction(request) : { ...(await adapter.createLink(request)), address: null };
    [txn] = await tx
      .insert(gatewayTransactions)
      .values({
        invoiceId: invoice.id,
        gatewayId: gateway.id,
        gateway: gateway.module,
        txnId: made.txnId,
        coin: coin.code,
        coinCurrency: coin.currency,
        amount,
        invoiceAmount: due,
        rate,
        address: made.address,
        link: 'link' in made ? made.link : null,
        confirmsNeeded: 'confirmsNeeded' in made ? made.confirmsNeeded : null,
        checkoutUrl: 'checkoutUrl' in made ? made.checkoutUrl : null,
        statusUrl: 'statusUrl' in made ? made.statusUrl : null,
        qrcodeUrl: 'qrcodeUrl' in made ? made.qrcodeUrl : null,
        expiresAt: new Date(now.getTime() + exchangeRateLock),
      })
      .returning();
  }
  await tx
    .update(invoices)
    .set({
      paymentGateway: gateway.module,
      fees,
      total,
      txnId: txn!.txnId,
      ...(crypto
        ? { gatewayWallet: txn!.address, cryptoPaymentStartedAt: invoice.cryptoPaymentStartedAt ?? now }
        : { fiatPaymentStartedAt: invoice.fiatPaymentStartedAt ?? now }),
      updatedAt: now,
    })
    .where(eq(invoices.id, invoice.id));
  return txn!.id;
}

/** coinPaymentsCreateTransaction / cpayCreateTransaction (idempotent by key). */
export async function createCryptoTransaction(
  db: Db,
  config: Pick<ServerConfig, 'production'>,
  user: UserRow,
  input: Omit<TransactionInput, 'coinRef'> & { coinRef: string; idempotencyKey: string | null },
): Promise<CryptoTransaction> {
  await expireInvoices(db, ownInvoiceMatch(user.id, input.invoice));
  const { transactionId } = await withIdempotency(
    db,
    user.id,
    `${input.module}CreateTransaction`,
    input.idempotencyKey,
    { invoice_id: refText(input.invoice), currency: input.coinRef },
    async (tx) => ({ transactionId: await openTransaction(tx, config, user, input) }),
  );
  const [txn] = await db.select().from(gatewayTransactions).where(eq(gatewayTransactions.id, transactionId));
  return cryptoView(txn!);
}

/** payportLink / prodamusLink: a payment page for the amount due. */
export async function paymentLink(
  db: Db,
  config: Pick<ServerConfig, 'production'>,
  user: UserRow,
  input: Omit<TransactionInput, 'coinRef'>,
): Promise<{ link: string }> {
  await expireInvoices(db, ownInvoiceMatch(user.id, input.invoice));
  const transactionId = await db.transaction((tx) => openTransaction(tx as unknown as Db, config, user, { ...input, coinRef: null }));
  const [txn] = await db.select().from(gatewayTransactions).where(eq(gatewayTransactions.id, transactionId));
  return { link: txn!.link ?? '' };
}
