// What the merchant page reads of the buying flow.
import type { SnapshotFrom } from 'xstate';
import { assetFor } from '../../domain/merchants';
import { isDecimalString } from '../../domain/money';
import type { merchantBuyMachine } from './merchant-buy.machine';

type MerchantBuySnapshot = SnapshotFrom<typeof merchantBuyMachine>;

export const selectSymbol = (s: MerchantBuySnapshot) => s.context.symbol;
/** A price is being asked (Get a price shows its loader). */
export const selectQuoting = (s: MerchantBuySnapshot) => s.matches('quoting');
/** The quote is being bought, or its invoice is opening (Buy and pay shows its loader). */
export const selectBuying = (s: MerchantBuySnapshot) => s.matches('buying') || s.status === 'done';
export const selectLoading = (s: MerchantBuySnapshot) => s.hasTag('loading');
export const selectAsset = (s: MerchantBuySnapshot) => s.context.offer?.asset ?? null;
export const selectBalance = (s: MerchantBuySnapshot) => s.context.offer?.balance ?? null;
export const selectAmount = (s: MerchantBuySnapshot) => s.context.amount;
export const selectAmountError = (s: MerchantBuySnapshot) => s.context.amountError;
export const selectError = (s: MerchantBuySnapshot) => s.context.error;
/** The quote shows while it can be bought, is being bought, or its invoice is opening. */
const quoteShown = (s: MerchantBuySnapshot) => s.matches('quoted') || s.matches('buying') || s.matches('paying');
/** The locked quote while it shows. */
export const selectQuote = (s: MerchantBuySnapshot) => (quoteShown(s) ? s.context.quote : null);
export const selectDeadline = (s: MerchantBuySnapshot) => (quoteShown(s) ? s.context.deadline : null);
export const selectExpired = (s: MerchantBuySnapshot) => s.matches('expired');
export const selectNotSold = (s: MerchantBuySnapshot) => s.matches('notSold');
export const selectLoadFailed = (s: MerchantBuySnapshot) => s.matches('loadFailed');
/** Whether the amount can be typed (not while a price is shown or asked). */
export const selectEditing = (s: MerchantBuySnapshot) => s.matches('editing');
/** About how much of the coin the typed amount buys at today's price (null until an amount is typed). */
export function selectEstimate(s: MerchantBuySnapshot) {
  const asset = s.context.offer?.asset;
  const amount = s.context.amount.replace(/\.$/, '');
  return asset && amount && isDecimalString(amount) ? assetFor(amount, asset.rate) : null;
}
