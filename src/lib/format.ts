// Money and dates in the active locale (spec §9 "Money format": 2 decimals, a space between thousands,
// USDT and its aliases shown as USD).
import { i18n } from '@lingui/core';

const usdAliases = new Set(['USDT', 'USDC', 'USD']);

export function formatMoney(amount: string | number, currency: string): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  const code = usdAliases.has(currency.toUpperCase()) ? 'USD' : currency.toUpperCase();
  let formatter: Intl.NumberFormat;
  try {
    formatter = new Intl.NumberFormat(i18n.locale || 'en', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  } catch {
    // Not an ISO currency (a token): number plus its code.
    return `${formatNumber(value)} ${currency}`;
  }
  return formatter
    .formatToParts(Number.isFinite(value) ? value : 0)
    .map((part) => (part.type === 'group' ? ' ' : part.value))
    .join('');
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(i18n.locale || 'en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .formatToParts(value)
    .map((part) => (part.type === 'group' ? ' ' : part.value))
    .join('');
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(i18n.locale || 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
