// Copy trading (issue 32; server/schema.graphql "copy trading"): the strategies traders run, the trades they made
// (from the exchange adapter; the sandbox's are deterministic), the figures the copytrading.stats job computes every
// 15 minutes, followers' link requests and connections, and the trades copied onto each connection (once each).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../account/tables';
import { tenants } from '../shell/tables';
import { exchangeAccounts } from './tables';
import type { CopyConnectionStatus, RankingPeriod, RequestStatus } from '../../../domain/copy-trading';
import type { SuspensionCause } from '../../../domain/trading';

const money = (name: string) => numeric(name, { precision: 36, scale: 8 });
const percent = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** A strategy a trader (users.is_bot_manager) runs on one of their exchange accounts. */
export const strategies = pgTable(
  'strategies',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The trader. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The trader's exchange account the strategy trades on (null: not linked to an account on this portal). */
    accountId: uuid('account_id').references(() => exchangeAccounts.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** 1 low, 2 medium, 3 high. */
    risk: smallint('risk').notNull(),
    exchange: text('exchange').notNull(),
    quoteAsset: text('quote_asset').notNull().default('USDT'),
    minDeposit: money('min_deposit').notNull(),
    maxFollowers: integer('max_followers').notNull(),
    feePercent: percent('fee_percent').notNull().default('0'),
    /** The equity the strategy started with: its figures count from it. */
    startEquity: money('start_equity').notNull(),
    probationUntil: timestamp('probation_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** active, or closed by the trader (no new followers, no ranking). */
    status: text('status').notNull().default('active'),
    /** Trades are read from the adapter up to here (the next sync starts from it). */
    syncedUntil: timestamp('synced_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('strategies_tenant').on(t.tenantId, t.status),
    check('strategies_risk', sql`${t.risk} between 1 and 3`),
    check('strategies_max_followers', sql`${t.maxFollowers} >= 0`),
  ],
);

/** A strategy's closed trade, as the adapter told it (external_id is the exchange's or the sandbox's id). */
export const strategyTrades = pgTable(
  'strategy_trades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    strategyId: uuid('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    amount: money('amount').notNull(),
    openPrice: money('open_price').notNull(),
    closePrice: money('close_price').notNull(),
    pnl: money('pnl').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    /** When this server stored it: copying starts from what arrived after a connection began. */
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('strategy_trades_external').on(t.strategyId, t.externalId),
    index('strategy_trades_closed').on(t.strategyId, t.closedAt),
    index('strategy_trades_synced').on(t.strategyId, t.syncedAt),
  ],
);

/** A strategy's figures over one period, as the last copytrading.stats pass computed them (one row per period). */
export const strategyStats = pgTable(
  'strategy_stats',
  {
    strategyId: uuid('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    period: text('period').$type<RankingPeriod>().notNull(),
    roiPercent: percent('roi_percent').notNull(),
    pnl: money('pnl').notNull(),
    maxDrawdownPercent: percent('max_drawdown_percent').notNull(),
    winRatePercent: percent('win_rate_percent'),
    trades: integer('trades').notNull(),
    runtimeDays: integer('runtime_days').notNull(),
    ranked: boolean('ranked').notNull(),
    rank: integer('rank'),
    /** The equity curve over the period, at most 200 points: [{ at, equity }]. */
    equity: jsonb('equity').$type<{ at: string; equity: string }[]>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.strategyId, t.period] }), index('strategy_stats_ranking').on(t.period, t.rank)],
);

/** A member's request to follow a strategy with one account; the trader decides within 24 hours. */
export const linkRequests = pgTable(
  'link_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    strategyId: uuid('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => exchangeAccounts.id, { onDelete: 'cascade' }),
    status: text('status').$type<RequestStatus>().notNull().default('pending'),
    lotSizePercent: integer('lot_size_percent').notNull(),
    maxDrawdownPercent: integer('max_drawdown_percent'),
    quoteAsset: text('quote_asset').notNull(),
    reviewDeadline: timestamp('review_deadline', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    expired: boolean('expired').notNull().default(false),
    connectionId: uuid('connection_id'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('link_requests_idempotency').on(t.userId, t.idempotencyKey),
    /** One pending request per account. */
    uniqueIndex('link_requests_pending_account').on(t.accountId).where(sql`${t.status} = 'pending'`),
    index('link_requests_strategy').on(t.strategyId, t.status),
    index('link_requests_member').on(t.userId, t.createdAt),
    index('link_requests_due').on(t.reviewDeadline).where(sql`${t.status} = 'pending'`),
  ],
);

/** A follower's copy of a strategy on one account (created when the trader accepts). */
export const copyConnections = pgTable(
  'copy_connections',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    strategyId: uuid('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => exchangeAccounts.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => linkRequests.id, { onDelete: 'cascade' }),
    status: text('status').$type<CopyConnectionStatus>().notNull().default('pending'),
    lotSizePercent: integer('lot_size_percent').notNull(),
    maxDrawdownPercent: integer('max_drawdown_percent'),
    quoteAsset: text('quote_asset').notNull(),
    /** The account's balance when copying began: the copied equity (and its drawdown) counts from it. */
    startEquity: money('start_equity').notNull(),
    pnl: money('pnl').notNull().default('0'),
    equityPeak: money('equity_peak').notNull(),
    drawdownPercent: percent('drawdown_percent').notNull().default('0'),
    tradeCount: integer('trade_count').notNull().default(0),
    keyDeadline: timestamp('key_deadline', { withTimezone: true }),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    /** Trades synced from here on are copied: set when the key is linked and again on a resume, so none of a
     * pause's trades is copied afterwards (null: from linked_at, else created_at). */
    copyFrom: timestamp('copy_from', { withTimezone: true }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    disconnectReason: text('disconnect_reason'),
    suspensionCause: text('suspension_cause').$type<SuspensionCause>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('copy_connections_request').on(t.requestId),
    /** One live connection per account. */
    uniqueIndex('copy_connections_live_account')
      .on(t.accountId)
      .where(sql`${t.status} in ('pending', 'active', 'paused', 'suspended')`),
    index('copy_connections_strategy').on(t.strategyId, t.status),
    index('copy_connections_member').on(t.userId, t.createdAt),
  ],
);

/** A strategy trade copied onto a connection: once per connection and trade. */
export const copiedTrades = pgTable(
  'copied_trades',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => copyConnections.id, { onDelete: 'cascade' }),
    strategyTradeId: bigint('strategy_trade_id', { mode: 'number' })
      .notNull()
      .references(() => strategyTrades.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    pnl: money('pnl').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('copied_trades_once').on(t.connectionId, t.strategyTradeId), index('copied_trades_list').on(t.connectionId, t.closedAt)],
);

/**
 * The copytrading.stats job's claim on a tenant's pass: a pass runs only when it moves claimed_at forward from at
 * least copyStatsRefresh (15 minutes) before (one conditional upsert), so two processes or a rerun within 15 minutes
 * do nothing; computed_at is when the figures the rankings show were written.
 */
export const copyStatsPasses = pgTable('copy_stats_passes', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }),
});
