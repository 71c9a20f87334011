import type { AppError, Outcome } from '../../domain/app-error';
import type { Decimal } from '../../domain/money';
import type { PayAmountError } from '../../domain/merchants';

export interface MerchantBuyInput {
  /** The coin of the page (/merchants/buy/{symbol}). */
  symbol: string;
  /** Made once per flow by the app (a random id): the purchase's idempotency keys start with it. */
  keyPrefix: string;
}

/** The coin as the tenant sells it, with its price now (an estimate until quoted). */
export interface MerchantAsset {
  symbol: string;
  name: string;
  rate: Decimal;
  payCurrency: string;
  minAmount: Decimal;
  maxAmount: Decimal;
}

/** The page's data: the coin (null when the tenant does not sell it) and the balance that pays. */
export interface MerchantOffer {
  asset: MerchantAsset | null;
  /** Available in the pay currency. */
  balance: Decimal;
}

/** A price locked for 15 minutes. */
export interface MerchantQuote {
  id: string;
  amount: Decimal;
  payCurrency: string;
  rate: Decimal;
  assetAmount: Decimal;
  /** The lock's end and its start, both on the server's clock. */
  expiresAt: string;
  createdAt: string;
}

export interface MerchantBuyContext {
  symbol: string;
  keyPrefix: string;
  offer: MerchantOffer | null;
  /** The amount to pay as typed: digits and one decimal point, no leading zero. */
  amount: string;
  amountError: PayAmountError | null;
  quote: MerchantQuote | null;
  /** When the quote's lock ends, on the flow's clock; what is left of it when the quote shows. */
  deadline: number | null;
  lockLeft: number;
  error: AppError | null;
  invoiceId: string | null;
}

/** moduleMerchantBuy: the quote's invoice, or the quote expired meanwhile. */
export type BuyOutcome = Outcome<{ invoiceId: string }, 'QuoteExpired'>;

export type MerchantBuyEvent =
  | { type: 'amount.change'; value: string }
  | { type: 'quote.request' }
  | { type: 'quote.buy' }
  | { type: 'quote.refresh' }
  | { type: 'amount.edit' }
  | { type: 'load.retry' };
