// A strategy account's closed trades through ccxt (issue 32, production). Where the exchange has it,
// fetchPositionsHistory: its closed positions with their realised PnL (OKX, Bybit, Bitget, KuCoin, Gate, MEXC), each
// one trade. Elsewhere (Binance, Kraken) the fills of fetchMyTrades, read in windows of a day (Binance answers at most
// 24 hours a call) from a week before `from` so a position opened earlier has its entry, and paired per symbol: a
// fill that reduces the position closes that part of it at the position's average entry (fees are not counted).
// Binance asks a symbol for its fills: the symbols are those of the assets the account holds against the quote asset.
// Decimal text: ccxt parses the exchange's decimal strings to numbers; ccxt's own numberToString gives back the
// shortest decimal that reads as the same number (what the exchange sent, for prices, sizes and PnL of up to 15
// digits), and big.js rounds it to the 8 places stored. Where the unified position leaves a field empty (OKX and
// Bitget tell a closed position's size and close price only in `info`), the exchange's raw string is taken from info.
import Big from 'big.js';
import type { CcxtExchange } from './ccxt-adapter';
import type { ClosedTradeReading, TradeSource } from './exchange-adapter';

const dayMs = 86_400_000;
/** How far before `from` fills are read, so a position that closes after `from` has its entry. */
export const pairingLookback = 7 * dayMs;

interface CcxtPosition {
  id?: string;
  symbol?: string;
  side?: string;
  contracts?: number;
  entryPrice?: number;
  lastPrice?: number;
  realizedPnl?: number;
  timestamp?: number;
  lastUpdateTimestamp?: number;
  info?: Record<string, unknown>;
}

interface CcxtTrade {
  id?: string;
  symbol?: string;
  side?: string;
  amount?: number;
  price?: number;
  timestamp?: number;
}

const call = <T>(exchange: CcxtExchange, method: string, ...args: unknown[]) =>
  (exchange[method] as (...args: unknown[]) => Promise<T>).apply(exchange, args);

/** A ccxt number as a Decimal string (8 places at most), or null when ccxt has none. */
function decimal(exchange: CcxtExchange, value: unknown): string | null {
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return new Big(value).round(8, Big.roundHalfUp).toFixed();
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const text = (exchange.numberToString as (value: number) => string).call(exchange, value);
  return new Big(text).round(8, Big.roundHalfUp).toFixed();
}

/** The first of the info's raw fields that holds a value (the exchange's own text). */
const raw = (info: Record<string, unknown> | undefined, ...names: string[]) =>
  names.map((name) => info?.[name]).find((value) => value !== undefined && value !== null && value !== '');

function fromPosition(exchange: CcxtExchange, position: CcxtPosition): ClosedTradeReading | null {
  const closedAt = position.lastUpdateTimestamp ?? position.timestamp;
  const id = position.id ?? raw(position.info, 'posId', 'positionId', 'orderId');
  const amount = decimal(exchange, position.contracts) ?? decimal(exchange, raw(position.info, 'closeTotalPos', 'closedSize', 'closeSize'));
  const openPrice = decimal(exchange, position.entryPrice) ?? decimal(exchange, raw(position.info, 'openAvgPx', 'openAvgPrice', 'avgEntryPrice'));
  const closePrice = decimal(exchange, position.lastPrice) ?? decimal(exchange, raw(position.info, 'closeAvgPx', 'closeAvgPrice', 'avgExitPrice'));
  const pnl = decimal(exchange, position.realizedPnl);
  if (id === undefined || !position.symbol || closedAt === undefined || !amount || !openPrice || !closePrice || pnl === null) return null;
  return {
    // A position id may come back for a later position on the same market: with its close time it names one.
    externalId: `${String(id)}:${closedAt}`,
    symbol: position.symbol,
    side: position.side === 'short' ? 'sell' : 'buy',
    amount,
    openPrice,
    closePrice,
    pnl,
    openedAt: new Date(position.timestamp ?? closedAt),
    closedAt: new Date(closedAt),
  };
}

/** Fills paired per symbol into closed trades (see the header), oldest first. */
export function pairFills(exchange: CcxtExchange, fills: readonly CcxtTrade[]): ClosedTradeReading[] {
  const closed: ClosedTradeReading[] = [];
  const open = new Map<string, { size: Big; entry: Big; openedAt: number }>();
  const sorted = [...fills].sort((a, b) => (a.timestamp ?? 0) - (b.timestamp ?? 0));
  for (const fill of sorted) {
    const amountText = decimal(exchange, fill.amount);
    const priceText = decimal(exchange, fill.price);
    if (!fill.symbol || !fill.id || fill.timestamp === undefined || !amountText || !priceText) continue;
    const price = new Big(priceText);
    let left = new Big(amountText).times(fill.side === 'sell' ? -1 : 1);
    const position = open.get(fill.symbol) ?? { size: new Big(0), entry: new Big(0), openedAt: fill.timestamp };
    if (!position.size.eq(0) && position.size.gt(0) !== left.gt(0)) {
      const size = position.size.abs().lt(left.abs()) ? position.size.abs() : left.abs();
      const long = position.size.gt(0);
      closed.push({
        externalId: fill.id,
        symbol: fill.symbol,
        side: long ? 'buy' : 'sell',
        amount: size.toFixed(),
        openPrice: position.entry.round(8, Big.roundHalfUp).toFixed(),
        closePrice: price.toFixed(),
        pnl: price.minus(position.entry).times(size).times(long ? 1 : -1).round(8, Big.roundHalfUp).toFixed(),
        openedAt: new Date(position.openedAt),
        closedAt: new Date(fill.timestamp),
      });
      position.size = long ? position.size.minus(size) : position.size.plus(size);
      left = left.gt(0) ? left.minus(size) : left.plus(size);
    }
    if (!left.eq(0)) {
      // Opens, adds to, or (what a reducing fill leaves over) reverses the position.
      if (position.size.eq(0)) position.openedAt = fill.timestamp;
      const total = position.size.abs().plus(left.abs());
      position.entry = position.entry.times(position.size.abs()).plus(price.times(left.abs())).div(total);
      position.size = position.size.plus(left);
    }
    open.set(fill.symbol, position);
  }
  return closed;
}

/** The symbols whose fills are read when the exchange asks for one: the held assets against the quote asset. */
async function heldSymbols(exchange: CcxtExchange, quoteAsset: string): Promise<string[]> {
  const balance = await exchange.fetchBalance();
  await call(exchange, 'loadMarkets');
  const markets = (exchange.markets ?? {}) as Record<string, unknown>;
  return Object.entries(balance.total ?? {})
    .filter(([asset, total]) => asset !== quoteAsset && typeof total === 'number' && total > 0)
    .map(([asset]) => `${asset}/${quoteAsset}`)
    .filter((symbol) => symbol in markets)
    .sort();
}

async function fillsOf(exchange: CcxtExchange, symbol: string | undefined, from: number, to: number): Promise<CcxtTrade[]> {
  const fills: CcxtTrade[] = [];
  for (let since = from; since <= to; since += dayMs) {
    fills.push(...(await call<CcxtTrade[]>(exchange, 'fetchMyTrades', symbol, since, 1000, { until: Math.min(to, since + dayMs - 1) })));
  }
  return fills;
}

/** The account's trades closed after `from` and at or before `to`, oldest first (ccxt errors are left to the caller). */
export async function ccxtClosedTrades(exchange: CcxtExchange, source: TradeSource, from: Date, to: Date, argumentsRequired: abstract new (...args: never[]) => Error) {
  const inWindow = (trade: ClosedTradeReading) => trade.closedAt > from && trade.closedAt <= to;
  const has = (exchange.has ?? {}) as Record<string, unknown>;
  if (has.fetchPositionsHistory === true) {
    // The latest 100 closed positions, filtered here by when they closed (ccxt's `since` filters some exchanges by
    // when a position opened). A pass every 15 minutes reads far fewer; a longer gap may miss the oldest of it.
    const positions = await call<CcxtPosition[]>(exchange, 'fetchPositionsHistory', undefined, undefined, 100);
    return positions
      .map((position) => fromPosition(exchange, position))
      .filter((trade): trade is ClosedTradeReading => trade !== null && inWindow(trade))
      .sort((a, b) => a.closedAt.getTime() - b.closedAt.getTime());
  }
  const start = Math.max(source.startedAt.getTime(), from.getTime() - pairingLookback);
  let fills: CcxtTrade[];
  try {
    fills = await fillsOf(exchange, undefined, start, to.getTime());
  } catch (error) {
    if (!(error instanceof argumentsRequired)) throw error;
    fills = [];
    for (const symbol of await heldSymbols(exchange, source.quoteAsset)) fills.push(...(await fillsOf(exchange, symbol, start, to.getTime())));
  }
  // Windows meet at their edges: a fill read twice is one fill.
  const unique = [...new Map(fills.filter((fill) => fill.id).map((fill) => [`${fill.symbol}:${fill.id}`, fill])).values()];
  return pairFills(exchange, unique).filter(inWindow);
}
