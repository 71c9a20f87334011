// The wallets' icons (calls §9 "Payment and wallet icons exist for BTC, USDT, BNB, MATIC, SOL, AAVE and
// 1INCH"): a wallet's own icon when the server gives one, else the currency's mark, else a plain coin. The
// marks the icon set lacks (Polygon's MATIC, AAVE, 1INCH) are drawn here in its style: 24-unit grid, 2-unit
// strokes in the current colour, no fill.
import type { ComponentType, SVGProps } from 'react';
import {
  IconBrandBinance,
  IconCoin,
  IconCurrencyBitcoin,
  IconCurrencyDollar,
  IconCurrencyEuro,
  IconCurrencySolana,
} from '@tabler/icons-react';

type MarkProps = { size?: number } & Omit<SVGProps<SVGSVGElement>, 'ref'>;

function Mark({ size = 24, children, ...props }: MarkProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

/** Polygon (MATIC): two linked hexagons. */
const IconPolygon = (props: MarkProps) => (
  <Mark {...props}>
    <path d="M9 7.5 5.5 5.5 2 7.5v5l3.5 2 3.5-2v-2" />
    <path d="M15 16.5l3.5 2 3.5-2v-5l-3.5-2-3.5 2v2" />
    <path d="M9 10.5l6-3M9 16.5l6-3" />
  </Mark>
);

/** AAVE: the letter A with its crossbar and the two eyes of the ghost. */
const IconAave = (props: MarkProps) => (
  <Mark {...props}>
    <path d="M5 20 12 4l7 16" />
    <path d="M8 14h8" />
    <path d="M10 17.5h.01M14 17.5h.01" />
  </Mark>
);

/** 1INCH: the figure one in a circle. */
const IconOneInch = (props: MarkProps) => (
  <Mark {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M10 9l2.5-2v10M10 17h5" />
  </Mark>
);

/** Each currency's mark by its code; the rest show a coin. */
export const currencyMarks: Record<string, ComponentType<{ size?: number }>> = {
  EUR: IconCurrencyEuro,
  BTC: IconCurrencyBitcoin,
  USD: IconCurrencyDollar,
  USDT: IconCurrencyDollar,
  USDC: IconCurrencyDollar,
  BNB: IconBrandBinance,
  MATIC: IconPolygon,
  SOL: IconCurrencySolana,
  AAVE: IconAave,
  '1INCH': IconOneInch,
};

export const currencyMark = (currency: string): ComponentType<{ size?: number }> => currencyMarks[currency.toUpperCase()] ?? IconCoin;
