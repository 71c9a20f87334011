// Copy trading (issue 32; spec §3, §6, calls §4, §8, §9): the ranking periods and who is ranked, the risk scale,
// a follower's settings and which refusal a link request meets first, and the figures computed from trades. The
// server (its copytrading.stats job, the link and connection writes) and the portal (forms, countdowns, tables) use
// these same pieces, so both name the same problems and count the same way.
import * as v from 'valibot';
import Big from 'big.js';
import type { AppErrorReason } from './app-error';
import type { Decimal } from './money';

/** Ranking periods (calls §9), as the contract sends them. */
export const rankingPeriods = ['24h', '48h', '7d', '30d', '3m', '6m'] as const;
export type RankingPeriod = (typeof rankingPeriods)[number];
export const defaultPeriod: RankingPeriod = '30d';
export const isRankingPeriod = (value: unknown): value is RankingPeriod =>
  typeof value === 'string' && (rankingPeriods as readonly string[]).includes(value);

/** Each period's length in days (3m and 6m count 90 and 180 days: the same window every day of the year). */
export const periodDays: Record<RankingPeriod, number> = { '24h': 1, '48h': 2, '7d': 7, '30d': 30, '3m': 90, '6m': 180 };
const dayMs = 24 * 60 * 60_000;
export const periodStart = (period: RankingPeriod, now: Date) => new Date(now.getTime() - periodDays[period] * dayMs);

/**
 * To be ranked over a period a strategy must have run at least `runtimeDays` and closed at least `trades` trades
 * within it: a figure from a handful of trades says nothing, and a new strategy would top a short period by luck.
 */
export const rankingMinimums: Record<RankingPeriod, { runtimeDays: number; trades: number }> = {
  '24h': { runtimeDays: 7, trades: 3 },
  '48h': { runtimeDays: 7, trades: 5 },
  '7d': { runtimeDays: 14, trades: 10 },
  '30d': { runtimeDays: 30, trades: 20 },
  '3m': { runtimeDays: 90, trades: 40 },
  '6m': { runtimeDays: 180, trades: 60 },
};
export const isRanked = (period: RankingPeriod, stats: { runtime_days: number; trades: number }) =>
  stats.runtime_days >= rankingMinimums[period].runtimeDays && stats.trades >= rankingMinimums[period].trades;

/** The public ranking shows the top 100 (calls §9). */
export const rankingTop = 100;

/** Risk scale 1-3 (calls §9) and its statuses (calls §4). */
export const riskLevels = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof riskLevels)[number];
export const riskLevel = (risk: number): RiskLevel => riskLevels[Math.min(3, Math.max(1, Math.round(risk))) - 1] as RiskLevel;

/** A follower's lot size, percent of the trader's: 100 (1:1) by default (calls §9). */
export const lotSize = { min: 1, max: 500, default: 100 } as const;
/** A drawdown limit, percent of the copied equity's peak; none by default. */
export const drawdownLimit = { min: 1, max: 100 } as const;

const plainRatio = (value: Big) => value.round(2, Big.roundHalfUp).toString();
/** The lot size as the ratio members read: 100 → 1:1, 50 → 1:2, 200 → 2:1, 150 → 1.5:1, 75 → 1:1.33. */
export function lotRatio(percent: number): string {
  if (percent >= 100) return `${plainRatio(new Big(percent).div(100))}:1`;
  return `1:${plainRatio(new Big(100).div(percent))}`;
}

const wholeIn = (min: number, max: number) =>
  v.pipe(v.number('integer'), v.integer('integer'), v.minValue(min, `minValue:${min}`), v.maxValue(max, `maxValue:${max}`));

/**
 * A link request's or an update's settings (CopySettingsInput): each optional. lot_size_percent 1-500 (100 when left
 * out), max_drawdown_percent 1-100 (or no_drawdown_limit), quote_asset one of the strategy's `quoteAssets` (spec §5:
 * the quote asset is required: the strategy's own when left out). abortPipeEarly: a value that is not a whole number
 * is told so once, never compared with a bound.
 */
export const linkSettingsSchema = (quoteAssets: readonly string[]) =>
  v.object({
    lot_size_percent: v.nullish(wholeIn(lotSize.min, lotSize.max)),
    max_drawdown_percent: v.nullish(wholeIn(drawdownLimit.min, drawdownLimit.max)),
    no_drawdown_limit: v.nullish(v.boolean()),
    quote_asset: v.nullish(v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.picklist(quoteAssets, 'choice'))),
  });
export type LinkSettingsInput = v.InferInput<ReturnType<typeof linkSettingsSchema>>;
export const parseLinkSettings = (quoteAssets: readonly string[], input: unknown) =>
  v.safeParse(linkSettingsSchema(quoteAssets), input ?? {}, { abortPipeEarly: true });

export interface CopySettings {
  lot_size_percent: number;
  max_drawdown_percent: number | null;
  quote_asset: string;
}

/** The settings a request stores: what was given over `current` (a new request: the defaults). */
export function settingsWith(
  input: v.InferOutput<ReturnType<typeof linkSettingsSchema>>,
  current: CopySettings,
): CopySettings {
  return {
    lot_size_percent: input.lot_size_percent ?? current.lot_size_percent,
    max_drawdown_percent: input.no_drawdown_limit ? null : (input.max_drawdown_percent ?? current.max_drawdown_percent),
    quote_asset: input.quote_asset ?? current.quote_asset,
  };
}
export const defaultSettings = (quoteAsset: string): CopySettings => ({
  lot_size_percent: lotSize.default,
  max_drawdown_percent: null,
  quote_asset: quoteAsset,
});

/** The trader reviews a request within 24 hours; the key is linked within 48 hours of acceptance (calls §9). */
export const reviewWindow = 24 * 60 * 60_000;
export const keyLinkWindow = 48 * 60 * 60_000;
/** A member's list of link requests shows the pending ones and those decided (or expired) in the last 30 days. */
export const decidedRequestsShown = 30 * 24 * 60 * 60_000;

/** Link request statuses: pending, then active (accepted), declined, or failed (expired unreviewed). */
export const requestStatuses = ['pending', 'active', 'declined', 'failed'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

/** A connection's statuses (calls §4 account or connection). */
export const copyConnectionStatuses = ['pending', 'active', 'paused', 'disconnected', 'failed', 'drawdown exceeded', 'suspended'] as const;
export type CopyConnectionStatus = (typeof copyConnectionStatuses)[number];
/** Connections that hold one of the strategy's places and one of the member's linkings (with pending requests). */
export const placeHoldingStatuses = ['pending', 'active', 'paused', 'suspended'] as const satisfies readonly CopyConnectionStatus[];
export const holdsPlace = (status: string) => (placeHoldingStatuses as readonly string[]).includes(status);
/** The statuses a member may still act on (pause, resume, settings, disconnect). */
export const isLiveConnection = (status: string) => holdsPlace(status);

/** What the server knows when a member asks to follow a strategy (every fact read under lock). */
export interface LinkFacts {
  ownStrategy: boolean;
  inProbation: boolean;
  /** Followers plus pending requests. */
  placesTaken: number;
  maxFollowers: number;
  overdueInvoices: boolean;
  tradingSuspended: boolean;
  accountConnected: boolean;
  /** The member's linkings in use (place-holding connections and pending requests) and allowed (serviceLimits). */
  linkingsUsed: number;
  linkingsAllowed: number;
  /** The account already follows, or asked to follow, a strategy. */
  accountLinked: boolean;
  /** The account's balance in the strategy's quote asset; null when unknown. */
  balance: Decimal | null;
  minDeposit: Decimal;
}

/** The refusals a link request meets, in the order they are told (the spec's first: calls §8). */
export const linkRefusals = [
  'OwnStrategy',
  'StrategyInProbation',
  'StrategyFull',
  'OverdueInvoices',
  'AccountNotActive',
  'LinkingLimitReached',
  'AlreadyLinked',
  'BelowMinimumDeposit',
] as const satisfies readonly AppErrorReason[];
export type LinkRefusal = (typeof linkRefusals)[number];

/** The first refusal these facts meet, or null when the member may ask. */
export function linkRefusal(facts: LinkFacts): LinkRefusal | null {
  if (facts.ownStrategy) return 'OwnStrategy';
  if (facts.inProbation) return 'StrategyInProbation';
  if (facts.placesTaken >= facts.maxFollowers) return 'StrategyFull';
  if (facts.overdueInvoices) return 'OverdueInvoices';
  if (facts.tradingSuspended || !facts.accountConnected) return 'AccountNotActive';
  if (facts.linkingsUsed >= facts.linkingsAllowed) return 'LinkingLimitReached';
  if (facts.accountLinked) return 'AlreadyLinked';
  if (facts.balance === null || new Big(facts.balance).lt(new Big(facts.minDeposit))) return 'BelowMinimumDeposit';
  return null;
}

/** A closed trade as the figures need it. */
export interface ClosedTrade {
  pnl: Decimal;
  closed_at: Date;
}

export interface PeriodStats {
  roi_percent: Decimal;
  pnl: Decimal;
  max_drawdown_percent: Decimal;
  win_rate_percent: Decimal | null;
  trades: number;
}

/**
 * A period's figures from the trades closed in it (oldest first) and the equity at its start: PnL is their sum;
 * ROI the PnL over the starting equity; the maximum drawdown the largest fall from a running peak of the equity
 * (the start counts as a peak); the win rate the share of trades with a gain. Percentages with 2 places.
 */
export function periodStats(startEquity: Decimal, trades: readonly ClosedTrade[]): PeriodStats {
  const start = new Big(startEquity);
  let equity = start;
  let peak = start;
  let worst = new Big(0);
  let wins = 0;
  for (const trade of trades) {
    const pnl = new Big(trade.pnl);
    if (pnl.gt(0)) wins += 1;
    equity = equity.plus(pnl);
    if (equity.gt(peak)) peak = equity;
    if (peak.gt(0)) {
      const fall = peak.minus(equity).div(peak).times(100);
      if (fall.gt(worst)) worst = fall;
    }
  }
  const pnl = equity.minus(start);
  const percent = (value: Big) => value.round(2, Big.roundHalfUp).toFixed(2);
  return {
    roi_percent: start.gt(0) ? percent(pnl.div(start).times(100)) : '0.00',
    pnl: pnl.toFixed(),
    max_drawdown_percent: percent(worst),
    win_rate_percent: trades.length === 0 ? null : percent(new Big(wins).div(trades.length).times(100)),
    trades: trades.length,
  };
}

/** Ranks the qualified by ROI, then PnL, then the older strategy (earlier started_at); the top `rankingTop`. */
export function rankOrder<T extends { roi_percent: Decimal; pnl: Decimal; started_at: Date }>(rows: readonly T[]): T[] {
  return [...rows]
    .sort(
      (a, b) =>
        new Big(b.roi_percent).cmp(new Big(a.roi_percent)) ||
        new Big(b.pnl).cmp(new Big(a.pnl)) ||
        a.started_at.getTime() - b.started_at.getTime(),
    )
    .slice(0, rankingTop);
}

/** A follower's profit or loss on a copied trade: the trader's at the lot size, rounded down to 8 places. */
export const copiedPnl = (strategyPnl: Decimal, lotSizePercent: number): Decimal =>
  new Big(strategyPnl).times(lotSizePercent).div(100).round(8, Big.roundDown).toFixed(8);

/** Whether a drawdown (percent) has reached the limit: at or past it the connection stops itself. */
export const crossesDrawdown = (drawdownPercent: Decimal, limit: number | null) =>
  limit !== null && new Big(drawdownPercent).gte(limit);

/** The fall of `equity` from `peak`, percent with 2 places (0 when at or above it). */
export function drawdownPercent(peak: Decimal, equity: Decimal): Decimal {
  const top = new Big(peak);
  const now = new Big(equity);
  if (top.lte(0) || now.gte(top)) return '0.00';
  return top.minus(now).div(top).times(100).round(2, Big.roundHalfUp).toFixed(2);
}
