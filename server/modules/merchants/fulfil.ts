// What paying an invoice of the merchant kind does (payments dispatches it here, invoice-kinds.ts): the asset's
// wallet receives what the quote said, once (ITO_TOKEN_DEPOSIT, keyed by the invoice). Paying it is refused once
// the quote's 15 minutes are over: an expired quote is quoted again, never paid (the sweeps cancel it as stale,
// and money a gateway brings for it later goes to the balance, as for any canceled invoice).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { InvoiceKindHandler, InvoiceRow } from '../payments/invoice-kinds';
import { creditWallet } from '../wallet/ledger';
import { quoteExpired } from './service';
import { merchantQuotes } from './tables';

async function quoteOf(tx: Db, invoice: Pick<InvoiceRow, 'id'>) {
  const [quote] = await tx.select().from(merchantQuotes).where(eq(merchantQuotes.invoiceId, invoice.id));
  if (!quote) throw new Error(`The merchant invoice ${invoice.id} has no quote.`);
  return quote;
}

async function creditAsset(tx: Db, invoice: InvoiceRow): Promise<void> {
  const quote = await quoteOf(tx, invoice);
  await creditWallet(tx, {
    userId: invoice.userId,
    currency: quote.symbol,
    amount: quote.assetAmount,
    type: 'ITO_TOKEN_DEPOSIT',
    entryKey: `invoice:${invoice.id}:ITO_TOKEN_DEPOSIT`,
    invoiceId: invoice.id,
    note: `Bought ${quote.symbol} (${invoice.tag})`,
    details: { subject: quote.symbol, invoice_tag: invoice.tag },
  });
}

export const merchantInvoiceKinds: Record<string, InvoiceKindHandler> = {
  merchant: {
    fulfil: creditAsset,
    // Asked with the invoice locked, before money moves: the clock is read after the lock.
    payable: async (tx, invoice) => (await quoteOf(tx, invoice)).expiresAt.getTime() > Date.now(),
    staleError: quoteExpired,
  },
};
