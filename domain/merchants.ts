// Buying an asset from a merchant (issue 27): the member says what they pay in the balance's currency, and the
// asset's wallet receives that amount at the quoted rate, rounded toward zero to the wallet's 8 decimals
// (never more than was paid for). The quote page and the server use this one rule.
import { divideRoundingDown, type Decimal } from './money';

/** Decimals an asset's wallet holds (money columns' scale). */
export const assetDecimals = 8;

/** What paying `amount` at `rate` (price of one unit in the pay currency) buys. */
export const assetFor = (amount: Decimal, rate: Decimal): Decimal => divideRoundingDown(amount, rate, assetDecimals);
