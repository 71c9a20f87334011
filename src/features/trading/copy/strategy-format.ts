// A strategy's figures as text: percentages (Decimal strings with 2 places) with the locale's decimal mark, and
// results (ROI, PnL) with their sign, so a gain and a loss read apart without a colour (text keeps the page's own,
// which passes contrast in both schemes).
import { compare, type Decimal } from '../../../../domain/money';
import { formatAmount, formatMoney } from '../../../lib/format';

const sign = (value: Decimal) => (compare(value, '0') > 0 ? '+' : '');

export const percentText = (value: Decimal) => `${formatAmount(value)} %`;
export const signedPercentText = (value: Decimal) => `${sign(value)}${percentText(value)}`;
export const signedMoneyText = (value: Decimal, currency: string) => `${sign(value)}${formatMoney(value, currency)}`;
