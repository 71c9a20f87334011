// Buying assets from merchants (issue 27): the tenant's assets with their current price, a quote that locks the
// rate for 15 minutes (calls §9), and buying a quote, which makes one invoice in the balance's currency. The
// invoice is paid like any other (balance or a gateway); paying it is refused once the quote has expired (the
// merchant kind's payable, fulfil.ts), and settling it credits the asset's wallet (ITO_TOKEN_DEPOSIT).
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withIdempotency } from '../../db/idempotency';
import type { ServerConfig } from '../../config';
import type { UserRow } from '../../context';
import { appError, validationError } from '../../errors';
import { requireWithin } from '../../validation';
import { ratesAdapter } from '../../rates';
import { exchangeRateLock } from '../../../domain/timing';
import { excludedWalletCurrencies } from '../../../domain/limits';
import { assetFor } from '../../../domain/merchants';
import { cents, isZero, plain, type Decimal } from '../../../domain/money';
import { hasModule, type TenantRow } from '../shell/service';
import { insertInvoice } from '../payments/invoices';
import { currencies } from '../wallet/tables';
import { merchantAssets, merchantQuotes } from './tables';

type AssetRow = typeof merchantAssets.$inferSelect;
type QuoteRow = typeof merchantQuotes.$inferSelect;

/** Digits and one decimal point, no leading zero, at most two decimals (spec §5 numeric rules). */
const amountPattern = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;

/** Merchants sell through the token offering (ito) module. */
export async function requireMerchants(db: Db, tenant: TenantRow): Promise<void> {
  if (!(await hasModule(db, tenant.id, 'ito'))) throw appError('not_found', 'This portal sells no assets.');
}

const ratesUnavailable = () =>
  appError('unavailable', 'Prices cannot be fetched right now. Try again in a minute.', { reason: 'RatesUnavailable' });

/** The price of one unit of the asset in the tenant's balance currency, from the rates adapter. */
async function currentRate(config: Pick<ServerConfig, 'production'>, symbol: string, payCurrency: string): Promise<Decimal> {
  const adapter = ratesAdapter(config);
  if (!adapter) throw ratesUnavailable();
  let rate: Decimal | null;
  try {
    rate = await adapter.rate(symbol, payCurrency);
  } catch {
    throw ratesUnavailable();
  }
  if (!rate || isZero(rate)) throw ratesUnavailable();
  return rate;
}

/** The assets the tenant sells (never its balance currency, nor the wallets the lists leave out). */
async function tenantAssets(db: Db, tenant: TenantRow) {
  const rows = await db
    .select({ asset: merchantAssets, icon: currencies.icon })
    .from(merchantAssets)
    .innerJoin(currencies, eq(currencies.code, merchantAssets.symbol))
    .where(eq(merchantAssets.tenantId, tenant.id))
    .orderBy(asc(merchantAssets.sortOrder), asc(merchantAssets.id));
  const excluded: readonly string[] = excludedWalletCurrencies;
  return rows.filter(({ asset }) => asset.symbol !== tenant.currency && !excluded.includes(asset.symbol));
}

const assetView = (asset: AssetRow, icon: string | null, rate: Decimal, payCurrency: string) => ({
  symbol: asset.symbol,
  name: asset.name,
  icon,
  rate,
  pay_currency: payCurrency,
  min_amount: asset.minAmount,
  max_amount: asset.maxAmount,
});

export async function merchantAssetList(db: Db, config: Pick<ServerConfig, 'production'>, tenant: TenantRow) {
  const rows = await tenantAssets(db, tenant);
  return Promise.all(rows.map(async ({ asset, icon }) => assetView(asset, icon, await currentRate(config, asset.symbol, tenant.currency), tenant.currency)));
}

export const quoteView = (quote: QuoteRow) => ({
  id: String(quote.id),
  symbol: quote.symbol,
  amount: cents(quote.amount),
  pay_currency: quote.payCurrency,
  rate: plain(quote.rate),
  asset_amount: quote.assetAmount,
  expires_at: quote.expiresAt.toISOString(),
  created_at: quote.createdAt.toISOString(),
  invoice_id: quote.invoiceId === null ? null : String(quote.invoiceId),
});

/** A quote: `amount` of the balance's currency buys amount / rate of the asset, at a rate locked for 15 minutes. */
export async function makeQuote(
  db: Db,
  config: Pick<ServerConfig, 'production'>,
  user: UserRow,
  tenant: TenantRow,
  input: { symbol: string; amount: string },
  now = new Date(),
) {
  const symbol = input.symbol.trim().toUpperCase();
  const found = (await tenantAssets(db, tenant)).find(({ asset }) => asset.symbol === symbol);
  if (!found) throw validationError({ symbol: ['unknownCurrency'] });
  const amount = input.amount.trim();
  if (!amountPattern.test(amount)) throw validationError({ amount: ['decimal'] });
  const { asset } = found;
  requireWithin(amount, { min: asset.minAmount, max: asset.maxAmount }, (bound, limit) => `The ${bound} purchase is ${plain(limit)} ${tenant.currency}.`);
  const rate = await currentRate(config, symbol, tenant.currency);
  const [quote] = await db
    .insert(merchantQuotes)
    .values({
      userId: user.id,
      tenantId: tenant.id,
      symbol,
      payCurrency: tenant.currency,
      amount: cents(amount),
      rate,
      assetAmount: assetFor(cents(amount), rate),
      expiresAt: new Date(now.getTime() + exchangeRateLock),
      createdAt: now,
    })
    .returning();
  return quoteView(quote!);
}

export const quoteExpired = () =>
  appError('conflict', 'This price has expired. Get a new quote to buy at the current rate.', { reason: 'QuoteExpired' });

/**
 * Buys a quote: one invoice of the merchant kind for its amount, made once per quote (a second buy of the same
 * quote answers the same invoice). An expired quote is refused: it must be quoted again, never paid.
 */
export async function buyQuote(db: Db, user: UserRow, tenant: TenantRow, input: { quoteId: number; idempotencyKey: string | null }): Promise<number> {
  const { invoiceId } = await withIdempotency(db, user.id, 'moduleMerchantBuy', input.idempotencyKey, { quote: input.quoteId }, async (tx) => {
    const [quote] = await tx
      .select()
      .from(merchantQuotes)
      .where(and(eq(merchantQuotes.id, input.quoteId), eq(merchantQuotes.userId, user.id), eq(merchantQuotes.tenantId, tenant.id)))
      .for('update');
    if (!quote) throw appError('not_found', 'No such quote.', { reason: 'QuoteNotFound' });
    if (quote.invoiceId !== null) return { invoiceId: quote.invoiceId };
    // The clock is read after the lock, so a buy that waited on another sees the quote as it is now.
    if (quote.expiresAt.getTime() <= Date.now()) throw quoteExpired();
    const invoice = await insertInvoice(tx, {
      tenantId: tenant.id,
      userId: user.id,
      kind: 'merchant',
      currency: quote.payCurrency,
      subtotal: cents(quote.amount),
      discount: '0',
      items: [
        {
          subject: `${plain(quote.assetAmount)} ${quote.symbol} at ${plain(quote.rate)} ${quote.payCurrency}`,
          qty: 1,
          unitPrice: cents(quote.amount),
          amount: cents(quote.amount),
        },
      ],
    });
    await tx.update(merchantQuotes).set({ invoiceId: invoice.id }).where(eq(merchantQuotes.id, quote.id));
    return { invoiceId: invoice.id };
  });
  return invoiceId;
}
