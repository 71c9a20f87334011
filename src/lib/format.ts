// Money and dates in the active locale (spec §9 "Money format": 2 decimals, a space between thousands,
// USDT and its aliases shown as USD). Amounts are Decimal strings and never pass through a float: the
// digits come from domain/money.ts, Intl only supplies the locale's symbol, sign and decimal mark.
import { i18n } from '@lingui/core';
import { plain, splitFixed, type Decimal } from '../../domain/money';

const usdAliases = new Set(['USDT', 'USDC', 'USD']);

/** Groups the digits of a whole number by three with a space (spec §9), one that never breaks a line inside an amount. */
const groupThousands = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

/**
 * Intl's formatters, made once per locale and options: making one costs about a millisecond on a phone, and a
 * page of products formats dozens of prices (the store's first render spent 33 ms here).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n ${locale} ${JSON.stringify(options ?? {})}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d ${locale} ${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

function decimalMark(locale: string): string {
  return numberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}

/** "1 234.50 $" style money in the active locale: the locale's currency layout, the exact digits. */
export function formatMoney(amount: Decimal, currency: string): string {
  const locale = i18n.locale || 'en';
  const code = usdAliases.has(currency.toUpperCase()) ? 'USD' : currency.toUpperCase();
  const { negative, whole, fraction } = splitFixed(amount, 2);
  const digits = `${groupThousands(whole)}${decimalMark(locale)}${fraction}`;
  let parts: Intl.NumberFormatPart[];
  try {
    // A stand-in number only tells where the locale puts the symbol and the sign.
    parts = numberFormat(locale, { style: 'currency', currency: code }).formatToParts(negative ? -1 : 1);
  } catch {
    // Not an ISO currency (a token): the amount and its code, joined by a space that never breaks.
    return `${negative ? '-' : ''}${digits}\u00a0${currency}`;
  }
  let placed = false;
  return parts
    .map((part) => {
      if (part.type === 'integer' && !placed) {
        placed = true;
        return digits;
      }
      if (part.type === 'integer' || part.type === 'decimal' || part.type === 'fraction' || part.type === 'group') return '';
      // The space between the amount and its symbol never breaks a line either.
      return part.type === 'literal' ? part.value.replace(/\s/g, '\u00a0') : part.value;
    })
    .join('');
}

/** A plain amount with 2 decimals and space-grouped thousands. */
export function formatAmount(amount: Decimal): string {
  const { negative, whole, fraction } = splitFixed(amount, 2);
  return `${negative ? '-' : ''}${groupThousands(whole)}${decimalMark(i18n.locale || 'en')}${fraction}`;
}

export function formatDateTime(iso: string): string {
  return dateFormat(i18n.locale || 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A day in the active locale ("12 Mar 2027"). */
export function formatDate(iso: string): string {
  return dateFormat(i18n.locale || 'en', { dateStyle: 'medium' }).format(new Date(iso));
}

/** A calendar month ("YYYY-MM", UTC) in the active locale ("March 2027"). */
export function formatMonth(month: string): string {
  return dateFormat(i18n.locale || 'en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** A quantity or a price with every decimal it has (0.00123 stays so), space-grouped thousands, the locale's mark. */
export function formatQuantity(amount: Decimal): string {
  const places = plain(amount).split('.')[1]?.length ?? 0;
  const { negative, whole, fraction } = splitFixed(amount, places);
  return `${negative ? '-' : ''}${groupThousands(whole)}${places > 0 ? `${decimalMark(i18n.locale || 'en')}${fraction}` : ''}`;
}

/**
 * A bound in its currency's own precision: the digits it has, at least 2 ("10.00000000" USDT reads "10.00",
 * "0.00100000" BTC reads "0.001"), space-grouped thousands, the locale's mark.
 */
export function formatBound(amount: Decimal): string {
  const places = Math.max(2, plain(amount).split('.')[1]?.length ?? 0);
  const { negative, whole, fraction } = splitFixed(amount, places);
  return `${negative ? '-' : ''}${groupThousands(whole)}${decimalMark(i18n.locale || 'en')}${fraction}`;
}
