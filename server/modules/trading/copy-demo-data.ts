// Demo copy trading (issue 32), on the Demo Portal only, written once with the rest of the demo (seedIfEmpty): the
// trader login trader@example.com (Demo12345; is_bot_manager because they run strategies 01 and 02 on their own
// Binance account) and four traders who cannot sign in; 12 strategies (fixed ids, varied risk, USDT and USDC, started
// between 2 years and 3 weeks ago; 05 full, 06 in probation); followers who cannot sign in, with active connections
// to trader@'s strategies (and the three that fill 05) and one pending request to 01; the demo member's connection
// (Binance main → 03) and pending request (Bybit swing → 01, 2 hours old). One copytrading.stats pass over the
// sandbox's stream gives every figure; the demo's trades count as synced when they closed, and each connection
// holds the copies of the trades that closed after it began, with its PnL, peak and drawdown from them.
import Big from 'big.js';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { copiedPnl, drawdownPercent, reviewWindow, keyLinkWindow } from '../../../domain/copy-trading';
import { users } from '../account/tables';
import { demoAccounts } from './demo-data';
import { sandboxAdapter, sandboxBalance } from './sandbox-adapter';
import { sealCredentials } from './secrets';
import { exchangeAccounts } from './tables';
import { copiedTrades, copyConnections, linkRequests, strategies, strategyTrades } from './copy-tables';
import { statsPass } from './copy-stats';

const day = 86_400_000;
const hour = 3_600_000;
const fixed = (tail: string) => `5c0a7e00-0032-4c0d-8e00-${tail.padStart(12, '0')}`;
const strategyId = (n: number) => fixed(String(n).padStart(2, '0'));

export const demoTrader = { email: 'trader@example.com', name: 'Tomás Reyes' } as const;
/** The demo's fixed ids, for the portal's tests. */
export const demoCopyTrading = {
  strategy: strategyId,
  connection: fixed('c001'),
  pendingRequest: fixed('a001'),
  /** The demo member's Bybit account, connected for copy trading: its request to 01 waits for the trader. */
  bybitAccount: fixed('b00000d3'),
  full: strategyId(5),
  probation: strategyId(6),
} as const;

/** Who trades: 0 is trader@example.com; the others cannot sign in. */
const traders = ['Tomás Reyes', 'Marcus Webb', 'Lena Hoffmann', 'Kenji Mori', 'Priya Raman'];

// n, trader, name, risk, quote asset, exchange, min deposit, max followers, days since it started, start equity, fee %
const strategyRows: [number, number, string, 1 | 2 | 3, string, string, string, number, number, string, string][] = [
  [1, 0, 'Steady BTC Swing', 1, 'USDT', 'binance', '250', 50, 400, '20000', '15'],
  [2, 0, 'Momentum Alts', 2, 'USDT', 'binance', '100', 40, 240, '10000', '20'],
  [3, 1, 'Blue Chip Trend', 1, 'USDT', 'binance', '500', 100, 730, '50000', '10'],
  [4, 1, 'Range Scalper', 2, 'USDT', 'bybit', '200', 60, 300, '15000', '20'],
  [5, 2, 'Leverage Hunter', 3, 'USDT', 'bybit', '1000', 3, 520, '25000', '25'],
  [6, 2, 'New Wave Breakouts', 2, 'USDT', 'okx', '300', 50, 21, '8000', '20'],
  [7, 3, 'Stable Yield Grid', 1, 'USDC', 'binance', '200', 80, 610, '30000', '10'],
  [8, 3, 'Altcoin Rotation', 3, 'USDT', 'kucoin', '150', 30, 150, '6000', '25'],
  [9, 4, 'Market Neutral Pairs', 1, 'USDT', 'okx', '1000', 120, 450, '40000', '12'],
  [10, 4, 'Dollar Cost Momentum', 2, 'USDC', 'bitget', '250', 70, 95, '12000', '15'],
  [11, 1, 'High Beta Futures', 3, 'USDT', 'bybit', '500', 25, 200, '20000', '30'],
  [12, 3, 'Weekly Trend Rider', 2, 'USDT', 'gate', '100', 90, 45, '9000', '15'],
];

const descriptionOf = (risk: number, quote: string) =>
  [
    `Risk ${risk} of 3. Trades are sized from the strategy's equity and closed the same day or the next.`,
    `Figures are counted in ${quote}; a follower copies every trade at their own lot size.`,
    'Rules: no martingale, no averaging down, every position has a stop.',
  ].join('\n');

/** Followers who cannot sign in, with their accounts (key, exchange) and what each account follows. */
const followers: { name: string; accounts: { key: string; exchange: string; follows?: { strategy: number; daysAgo: number; lot: number; limit: number | null }; asks?: { strategy: number; hoursAgo: number } }[] }[] = [
  { name: 'Liam Carter', accounts: [{ key: 'valid-demo-follower-1a', exchange: 'binance', follows: { strategy: 2, daysAgo: 60, lot: 100, limit: null } }] },
  {
    name: 'Sofia Marin',
    accounts: [
      { key: 'valid-demo-follower-2a', exchange: 'binance', follows: { strategy: 2, daysAgo: 30, lot: 50, limit: null } },
      { key: 'valid-demo-follower-2b', exchange: 'bybit', follows: { strategy: 5, daysAgo: 90, lot: 100, limit: null } },
    ],
  },
  {
    name: 'Noah Fischer',
    accounts: [
      { key: 'valid-demo-follower-3a', exchange: 'okx', follows: { strategy: 1, daysAgo: 120, lot: 200, limit: 30 } },
      { key: 'valid-demo-follower-3b', exchange: 'bybit', follows: { strategy: 5, daysAgo: 45, lot: 100, limit: null } },
    ],
  },
  { name: 'Emma Novak', accounts: [{ key: 'valid-demo-follower-4a', exchange: 'bybit', follows: { strategy: 5, daysAgo: 10, lot: 150, limit: null } }] },
  { name: 'Yuki Tanaka', accounts: [{ key: 'valid-demo-follower-5a', exchange: 'okx', asks: { strategy: 1, hoursAgo: 5 } }] },
];

const needsPassphrase = (exchange: string) => ['okx', 'kucoin', 'bitget'].includes(exchange);

export async function seedCopyTradingDemo(tx: Db, ids: { tenantId: number; demoMemberId: number; passwordHash: string }, nowMs = Date.now()) {
  const { tenantId } = ids;
  const now = new Date(nowMs);
  const at = (ms: number) => new Date(nowMs - ms);
  const people = await tx
    .insert(users)
    .values([
      ...traders.map((name, index) => ({
        tenantId,
        email: index === 0 ? demoTrader.email : `copy-trader${index}@example.com`,
        name,
        // Only trader@example.com signs in; the others' hash matches no password.
        passwordHash: index === 0 ? ids.passwordHash : '!demo-copy-trader',
        refid: index === 0 ? 'trader' : `copy-trader${index}`,
        referenceId: `D-3200${index + 10}`,
        emailVerifiedAt: now,
      })),
      ...followers.map(({ name }, index) => ({
        tenantId,
        email: `copy-follower${index + 1}@example.com`,
        name,
        passwordHash: '!demo-copy-follower',
        refid: `copy-follower${index + 1}`,
        referenceId: `D-3200${index + 20}`,
        emailVerifiedAt: now,
      })),
    ])
    .returning({ id: users.id });
  const traderIds = people.slice(0, traders.length).map((person) => person.id);
  const followerIds = people.slice(traders.length).map((person) => person.id);

  // Exchange accounts, sealed as every account is: the trader's own, and each follower's.
  const accountRows: (typeof exchangeAccounts.$inferInsert)[] = [];
  const addAccount = async (id: string, userId: number, name: string, exchange: string, key: string, createdAt: Date) => {
    const { sealed } = await sealCredentials(tx, id, exchange, { api_key: key, secret: `${key}-secret`, passphrase: `${key}-pass` }, needsPassphrase(exchange));
    accountRows.push({ id, tenantId, userId, name, exchange, ...sealed, status: 'connected', balance: sandboxBalance(key), balanceReadAt: at(2 * hour), createdAt, updatedAt: createdAt });
  };
  await addAccount(demoCopyTrading.bybitAccount, ids.demoMemberId, 'Bybit swing', 'bybit', 'valid-demo-bybit-swing-7a2f', at(60 * day));
  const traderAccount = fixed('b0000001');
  await addAccount(traderAccount, traderIds[0]!, 'Trading desk', 'binance', 'valid-demo-trader-binance-4c1e', at(420 * day));
  const followed: { accountId: string; userId: number; follows?: NonNullable<(typeof followers)[number]['accounts'][number]['follows']>; asks?: { strategy: number; hoursAgo: number } }[] = [];
  for (const [index, follower] of followers.entries()) {
    for (const [n, account] of follower.accounts.entries()) {
      const id = fixed(`b00001${index + 1}${n + 1}`);
      await addAccount(id, followerIds[index]!, `${follower.name.split(' ')[0]}'s ${account.exchange}`, account.exchange, account.key, at(200 * day));
      followed.push({ accountId: id, userId: followerIds[index]!, follows: account.follows, asks: account.asks });
    }
  }
  await tx.insert(exchangeAccounts).values(accountRows);

  await tx.insert(strategies).values(
    strategyRows.map(([n, trader, name, risk, quote, exchange, minDeposit, maxFollowers, daysAgo, startEquity, fee]) => ({
      id: strategyId(n),
      tenantId,
      userId: traderIds[trader]!,
      accountId: trader === 0 ? traderAccount : null,
      name,
      description: descriptionOf(risk, quote),
      risk,
      exchange,
      quoteAsset: quote,
      minDeposit,
      maxFollowers,
      feePercent: fee,
      startEquity,
      // A new strategy takes no followers for its first 30 days.
      probationUntil: daysAgo < 30 ? at((daysAgo - 30) * day) : null,
      startedAt: at(daysAgo * day),
      createdAt: at(daysAgo * day),
      updatedAt: at(daysAgo * day),
    })),
  );
  // The figures from the sandbox's stream, as the job computes them; the history counts as synced when it closed.
  await statsPass(tx, tenantId, now, sandboxAdapter);
  const demoIds = strategyRows.map(([n]) => strategyId(n));
  await tx.update(strategyTrades).set({ syncedAt: sql`${strategyTrades.closedAt}` }).where(inArray(strategyTrades.strategyId, demoIds));

  // The demo member's request on Binance main (accepted 14 days ago), and the followers'.
  const requests = [
    { id: fixed('a002'), connection: demoCopyTrading.connection, accountId: demoAccounts.binance.id, userId: ids.demoMemberId, strategy: 3, daysAgo: 14, lot: 100, limit: 50 as number | null },
    ...followed
      .filter((entry) => entry.follows)
      .map((entry, index) => ({ id: fixed(`a1${index + 1}`), connection: fixed(`c1${index + 1}`), ...entry, ...entry.follows!, limit: entry.follows!.limit })),
  ];
  for (const request of requests) {
    const strategy = strategyRows.find(([n]) => n === request.strategy)!;
    const began = at(request.daysAgo * day);
    const quote = strategy[4];
    await tx.insert(linkRequests).values({
      id: request.id,
      tenantId,
      strategyId: strategyId(request.strategy),
      userId: request.userId,
      accountId: request.accountId,
      status: 'active',
      lotSizePercent: request.lot,
      maxDrawdownPercent: request.limit,
      quoteAsset: quote,
      reviewDeadline: new Date(began.getTime() - 2 * hour + reviewWindow),
      decidedAt: began,
      connectionId: request.connection,
      createdAt: new Date(began.getTime() - 2 * hour),
      updatedAt: began,
    });
    await seedConnection(tx, {
      id: request.connection,
      tenantId,
      strategyId: strategyId(request.strategy),
      userId: request.userId,
      accountId: request.accountId,
      requestId: request.id,
      lot: request.lot,
      limit: request.limit,
      quote,
      began,
      startEquity: accountRows.find((row) => row.id === request.accountId)?.balance ?? sandboxBalance(demoAccounts.binance.apiKey),
    });
  }

  // Waiting for trader@example.com on /investors: the demo member's (Bybit swing) and a follower's, both to 01.
  const pending = [
    { id: demoCopyTrading.pendingRequest, userId: ids.demoMemberId, accountId: demoCopyTrading.bybitAccount, hoursAgo: 2 },
    ...followed.filter((entry) => entry.asks).map((entry, index) => ({ id: fixed(`a2${index + 1}`), userId: entry.userId, accountId: entry.accountId, hoursAgo: entry.asks!.hoursAgo })),
  ];
  await tx.insert(linkRequests).values(
    pending.map((request) => ({
      id: request.id,
      tenantId,
      strategyId: strategyId(1),
      userId: request.userId,
      accountId: request.accountId,
      status: 'pending' as const,
      lotSizePercent: 100,
      maxDrawdownPercent: null,
      quoteAsset: 'USDT',
      reviewDeadline: new Date(at(request.hoursAgo * hour).getTime() + reviewWindow),
      createdAt: at(request.hoursAgo * hour),
      updatedAt: at(request.hoursAgo * hour),
    })),
  );
}

/** An active connection that began at `began` (accepted, its key linked at once), with the copies of the strategy's
 * trades that arrived after that and the PnL, peak, drawdown and count they make. */
async function seedConnection(
  tx: Db,
  c: { id: string; tenantId: number; strategyId: string; userId: number; accountId: string; requestId: string; lot: number; limit: number | null; quote: string; began: Date; startEquity: string },
) {
  const linkedAt = c.began;
  const trades = await tx
    .select({ id: strategyTrades.id, amount: strategyTrades.amount, pnl: strategyTrades.pnl, closedAt: strategyTrades.closedAt })
    .from(strategyTrades)
    .where(and(eq(strategyTrades.strategyId, c.strategyId), gt(strategyTrades.syncedAt, linkedAt)))
    .orderBy(asc(strategyTrades.closedAt), asc(strategyTrades.id));
  let equity = new Big(c.startEquity);
  let peak = equity;
  const copies = trades.map((trade) => {
    const pnl = copiedPnl(trade.pnl, c.lot);
    equity = equity.plus(pnl);
    if (equity.gt(peak)) peak = equity;
    return {
      connectionId: c.id,
      strategyTradeId: trade.id,
      amount: new Big(trade.amount).times(c.lot).div(100).round(8, Big.roundDown).toFixed(8),
      pnl,
      closedAt: trade.closedAt,
      createdAt: trade.closedAt,
    };
  });
  await tx.insert(copyConnections).values({
    id: c.id,
    tenantId: c.tenantId,
    strategyId: c.strategyId,
    userId: c.userId,
    accountId: c.accountId,
    requestId: c.requestId,
    status: 'active',
    lotSizePercent: c.lot,
    maxDrawdownPercent: c.limit,
    quoteAsset: c.quote,
    startEquity: c.startEquity,
    pnl: equity.minus(c.startEquity).toFixed(8),
    equityPeak: peak.toFixed(8),
    drawdownPercent: drawdownPercent(peak.toFixed(), equity.toFixed()),
    tradeCount: copies.length,
    keyDeadline: new Date(c.began.getTime() + keyLinkWindow),
    linkedAt,
    createdAt: c.began,
    updatedAt: linkedAt,
  });
  for (let index = 0; index < copies.length; index += 500) await tx.insert(copiedTrades).values(copies.slice(index, index + 500));
}
