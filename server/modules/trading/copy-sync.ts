// Syncing a strategy's closed trades from its exchange account (issue 32; the copytrading.stats job's first step):
// the adapter is asked for the trades closed after synced_until (the strategy's start the first time) and up to now,
// OUTSIDE any transaction (no lock is held over the network); then one transaction inserts them under the unique
// (strategy_id, external_id), so a trade read twice is stored once, and moves synced_until forward. synced_at is the
// job's time: copying onto connections starts from the trades that arrived after a connection began. An exchange
// that refuses or cannot answer leaves the strategy as it was (logged); its figures count what is stored.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ExchangeError, type ExchangeAdapter, type ExchangeCredentials } from './exchange-adapter';
import { openSecret, secretContext, secretsKey } from './secrets';
import { exchangeAccounts } from './tables';
import { strategies, strategyTrades } from './copy-tables';

type StrategyRow = typeof strategies.$inferSelect;

/** Rows a statement inserts at most (10 columns each, well under PostgreSQL's 65,535 parameters). */
const chunk = 500;

/** The strategy account's key, opened where it was sealed; null without an account. */
async function strategyCredentials(db: Db, accountId: string | null): Promise<ExchangeCredentials | null> {
  if (!accountId) return null;
  const [account] = await db.select().from(exchangeAccounts).where(eq(exchangeAccounts.id, accountId));
  if (!account) return null;
  const key = await secretsKey(db);
  return {
    api_key: openSecret(key, account.apiKeySealed, secretContext(account.id, 'api_key')),
    secret: openSecret(key, account.secretSealed, secretContext(account.id, 'secret')),
    passphrase: account.passphraseSealed ? openSecret(key, account.passphraseSealed, secretContext(account.id, 'passphrase')) : null,
  };
}

/** Reads and stores the strategy's trades closed up to `now`; answers how many were new. */
export async function syncStrategyTrades(db: Db, adapter: ExchangeAdapter, strategy: StrategyRow, now: Date): Promise<number> {
  const from = strategy.syncedUntil ?? strategy.startedAt;
  if (now <= from) return 0;
  let read;
  try {
    // The sandbox makes its stream from the strategy alone: no key is opened for it.
    const credentials = adapter.sandbox ? null : await strategyCredentials(db, strategy.accountId);
    read = await adapter.closedTrades(
      {
        strategyId: strategy.id,
        exchange: strategy.exchange,
        quoteAsset: strategy.quoteAsset,
        risk: strategy.risk,
        startEquity: strategy.startEquity,
        startedAt: strategy.startedAt,
        credentials,
      },
      from,
      now,
    );
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    console.error(`copytrading.stats: the trades of strategy ${strategy.id} were not read: ${error.reason}`);
    return 0;
  }
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    let added = 0;
    for (let index = 0; index < read.length; index += chunk) {
      const inserted = await tx
        .insert(strategyTrades)
        .values(read.slice(index, index + chunk).map((trade) => ({ ...trade, strategyId: strategy.id, syncedAt: now })))
        .onConflictDoNothing({ target: [strategyTrades.strategyId, strategyTrades.externalId] })
        .returning({ id: strategyTrades.id });
      added += inserted.length;
    }
    await tx
      .update(strategies)
      .set({ syncedUntil: now, updatedAt: now })
      .where(and(eq(strategies.id, strategy.id), or(isNull(strategies.syncedUntil), lt(strategies.syncedUntil, now))));
    return added;
  });
}
