// The sandbox's trade stream (issue 32; outside production): each strategy closes a few trades every UTC day, made
// from a generator seeded by (strategy id, day) alone, so the same day of the same strategy gives the same trades
// whenever it is read, for any day in the past, and the figures computed from them (curves, PnL, drawdown,
// rankings) are real and repeatable. The risk (1-3) sizes the trades and widens their moves; a strategy's own edge
// (its win rate) comes from its id. No trade opens before the strategy started or closes after `to`, so a strategy
// in probation (started days ago) is young, and nothing is ever made for a moment not yet reached.
// Amounts, prices and PnL are Decimal strings made with big.js from whole numbers; no float touches them.
import { createHash } from 'node:crypto';
import Big from 'big.js';
import type { ClosedTradeReading, TradeSource } from './exchange-adapter';

const dayMs = 86_400_000;

/** sfc32: a small generator of 32-bit whole numbers, the same on every engine. */
function generator(seed: string) {
  const digest = createHash('sha256').update(seed).digest();
  let a = digest.readUInt32BE(0);
  let b = digest.readUInt32BE(4);
  let c = digest.readUInt32BE(8);
  let d = digest.readUInt32BE(12);
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  /** A whole number from min to max, both included. */
  return (min: number, max: number) => min + (next() % (max - min + 1));
}

/** The bases a strategy trades against its quote asset, with a reference price and the places prices have. */
const bases = [
  { base: 'BTC', price: '64000', places: 2 },
  { base: 'ETH', price: '3200', places: 2 },
  { base: 'SOL', price: '145', places: 3 },
  { base: 'BNB', price: '580', places: 2 },
  { base: 'XRP', price: '0.52', places: 4 },
  { base: 'ADA', price: '0.45', places: 4 },
  { base: 'DOGE', price: '0.12', places: 5 },
  { base: 'AVAX', price: '28', places: 3 },
  { base: 'LINK', price: '14', places: 3 },
  { base: 'DOT', price: '6.5', places: 3 },
] as const;

/** What the risk scale means for a trade: trades a day, the share of the start equity at stake (‰), the move (basis points). */
type Range = readonly [min: number, max: number];
const byRisk: Record<1 | 2 | 3, Record<'perDay' | 'stakePermille' | 'moveBp' | 'holdMinutes', Range>> = {
  1: { perDay: [1, 3], stakePermille: [50, 150], moveBp: [15, 120], holdMinutes: [30, 600] },
  2: { perDay: [1, 4], stakePermille: [100, 300], moveBp: [30, 260], holdMinutes: [20, 900] },
  3: { perDay: [2, 5], stakePermille: [250, 600], moveBp: [60, 520], holdMinutes: [10, 1440] },
};

/** The strategy's own traits, from its id: its win rate (‰) and the four bases it trades. */
function traits(strategyId: string) {
  const draw = generator(`traits:${strategyId}`);
  const winPermille = draw(460, 580);
  const first = draw(0, bases.length - 1);
  const picks = [0, 1, 2, 3].map((offset) => bases[(first + offset * 3) % bases.length]!);
  return { winPermille, picks };
}

const isoDay = (dayStart: number) => new Date(dayStart).toISOString().slice(0, 10);

/** The trades the strategy closes on the UTC day starting at `dayStart` (before any cut by the strategy's start or `to`). */
export function sandboxDay(source: Pick<TradeSource, 'strategyId' | 'quoteAsset' | 'risk' | 'startEquity'>, dayStart: number): ClosedTradeReading[] {
  const { winPermille, picks } = traits(source.strategyId);
  const day = isoDay(dayStart);
  const draw = generator(`day:${source.strategyId}:${day}`);
  const rules = byRisk[Math.min(3, Math.max(1, Math.round(source.risk))) as 1 | 2 | 3];
  const count = draw(...rules.perDay);
  const trades: ClosedTradeReading[] = [];
  for (let index = 0; index < count; index += 1) {
    const pick = picks[draw(0, picks.length - 1)]!;
    const closedAt = dayStart + draw(0, 86_399) * 1000;
    const openedAt = closedAt - draw(...rules.holdMinutes) * 60_000;
    // The day's price: the reference price moved by up to ±15 %.
    const openPrice = new Big(pick.price).times(new Big(10_000 + draw(-1500, 1500)).div(10_000)).round(pick.places, Big.roundHalfUp);
    const side = draw(0, 1) === 0 ? 'buy' : 'sell';
    const won = draw(0, 999) < winPermille;
    // A win moves a tenth further than a loss: the edge is the win rate and this.
    const move = won ? Math.round((draw(...rules.moveBp) * 11) / 10) : draw(...rules.moveBp);
    const up = won === (side === 'buy');
    const closePrice = openPrice.times(new Big(10_000 + (up ? move : -move)).div(10_000)).round(pick.places, Big.roundHalfUp);
    const stake = new Big(source.startEquity).times(draw(...rules.stakePermille)).div(1000);
    const amount = stake.div(openPrice).round(6, Big.roundDown);
    const pnl = closePrice.minus(openPrice).times(amount).times(side === 'buy' ? 1 : -1).round(8, Big.roundHalfUp);
    trades.push({
      externalId: `sbx-${day}-${index + 1}`,
      symbol: `${pick.base}/${source.quoteAsset}`,
      side,
      amount: amount.toFixed(),
      openPrice: openPrice.toFixed(),
      closePrice: closePrice.toFixed(),
      pnl: pnl.toFixed(),
      openedAt: new Date(openedAt),
      closedAt: new Date(closedAt),
    });
  }
  return trades;
}

/** The stream's trades closed after `from` and at or before `to`, oldest first; none opened before the strategy started. */
export function sandboxClosedTrades(source: TradeSource, from: Date, to: Date): ClosedTradeReading[] {
  const start = Math.max(from.getTime(), source.startedAt.getTime());
  const end = to.getTime();
  if (end <= start) return [];
  const trades: ClosedTradeReading[] = [];
  for (let dayStart = Math.floor(start / dayMs) * dayMs; dayStart <= end; dayStart += dayMs) {
    for (const trade of sandboxDay(source, dayStart)) {
      const closed = trade.closedAt.getTime();
      if (closed > from.getTime() && closed <= end && trade.openedAt.getTime() >= source.startedAt.getTime()) trades.push(trade);
    }
  }
  return trades.sort((a, b) => a.closedAt.getTime() - b.closedAt.getTime() || a.externalId.localeCompare(b.externalId));
}
