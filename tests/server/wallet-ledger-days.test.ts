// The ledger's day and month sums (ledger_days, ledger_months), which the balance history and the transactions' total read instead of
// the ledger: after mixed movements (the wallet service's four writers, rows written by hand on past days,
// parallel writers on one wallet, updates and deletes), they equal the ledger summed afresh, and the history
// and totals equal what the ledger itself answers (the history recomputed from ledger_entries as it was read
// before the day sums). Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ledgerEntries, sessions, users, wallets } from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { hashToken } from '../../server/security/tokens';
import { balanceHistory, transactionPage } from '../../server/modules/wallet/history';
import { creditWallet, debitWallet, lockFunds, unlockFunds } from '../../server/modules/wallet/ledger';
import { excludedWalletCurrencies } from '../../domain/limits';
import { historyEntryTransactionTypes, historyRangeKeys, historyRanges, type HistoryRange } from '../../domain/ledger';
import { startServer } from './harness';

let server: Awaited<ReturnType<typeof startServer>>;
let tenantId: number;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  server = await startServer();
  const [demo] = await server.db.select().from(users).where(eq(users.email, 'demo@example.com')).limit(1);
  tenantId = demo!.tenantId;
});
afterAll(async () => {
  await server?.close();
});

let memberCount = 0;
async function newMember() {
  const tag = `${Date.now()}-${(memberCount += 1)}`;
  const [member] = await server.db
    .insert(users)
    .values({ tenantId, email: `days-${tag}@example.com`, name: `Days ${tag}`, passwordHash: '!', refid: `days-${tag}`, referenceId: `DAY-${tag}` })
    .returning();
  const token = `days-session-${tag}`;
  await server.db.insert(sessions).values({ userId: member!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return { id: member!.id, token };
}

/** ledger_days as it is, and the ledger summed afresh, in one order: they must be equal. */
async function daySums(db: Db) {
  const select = (from: 'ledger_days' | 'fresh') => sql.raw(`
    select wallet_id, day::text as day, type, user_id, currency, amount::text as amount, entries, last_id, last_balance::text as last_balance,
      to_char(last_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as last_at
    from ${
      from === 'ledger_days'
        ? 'ledger_days'
        : `(select wallet_id, (created_at at time zone 'UTC')::date as day, type, user_id, currency, sum(amount) as amount, count(*)::int as entries,
             (array_agg(id order by created_at desc, id desc))[1] as last_id,
             (array_agg(balance_after order by created_at desc, id desc))[1] as last_balance,
             (array_agg(created_at order by created_at desc, id desc))[1] as last_at
           from ledger_entries group by 1, 2, 3, 4, 5) fresh`
    }
    order by wallet_id, day, type, user_id, currency`);
  return {
    kept: rowsOf<Record<string, unknown>>(await db.execute(select('ledger_days'))),
    fresh: rowsOf<Record<string, unknown>>(await db.execute(select('fresh'))),
  };
}

/** ledger_months as it is, and the ledger summed afresh by month. */
async function monthSums(db: Db) {
  const kept = await db.execute(sql`
    select wallet_id, month::text as month, type, user_id, currency, amount::text as amount, entries from ledger_months
    order by wallet_id, month, type, user_id, currency`);
  const fresh = await db.execute(sql`
    select wallet_id, date_trunc('month', created_at at time zone 'UTC')::date::text as month, type, user_id, currency,
      sum(amount)::text as amount, count(*)::int as entries
    from ledger_entries group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
  return { kept: rowsOf<Record<string, unknown>>(kept), fresh: rowsOf<Record<string, unknown>>(fresh) };
}

async function expectDaySumsKept() {
  const { kept, fresh } = await daySums(server.db);
  expect(kept.length).toBeGreaterThan(0);
  expect(kept).toEqual(fresh);
  const months = await monthSums(server.db);
  expect(months.kept.length).toBeGreaterThan(0);
  expect(months.kept).toEqual(months.fresh);
}

const typeList = (types: readonly string[]) => sql.join(types.map((type) => sql`${type}`), sql`, `);

/** The balance history read straight from the ledger, as it was before the day sums: the reference. */
async function historyFromLedger(db: Db, userId: number, range: HistoryRange, currency: string | null) {
  const spec = historyRanges[range];
  const unit = sql.raw(`'${spec.bucket}'`);
  const step = sql.raw(`interval '1 ${spec.bucket}'`);
  const now = sql`(now() at time zone 'UTC')`;
  const start =
    'days' in spec
      ? sql`date_trunc(${unit}, ${now} - ${spec.days - 1} * interval '1 day')`
      : sql`date_trunc(${unit}, ${now} - ${spec.bucket === 'month' ? spec.months - 1 : spec.months} * interval '1 month')`;
  const groups = historyEntryTransactionTypes;
  const excluded = typeList(excludedWalletCurrencies);
  const result = await db.execute(sql`
    with buckets as (
      select start, start + ${step} as finish from generate_series(${start}, date_trunc(${unit}, now() at time zone 'UTC'), ${step}) as start
    ),
    listed as (
      select w.id, case when ${currency}::text is null then c.usdt_rate else 1 end as rate
      from wallets w join currencies c on c.code = w.currency
      where w.user_id = ${userId} and w.currency not in (${excluded}) and (${currency}::text is null or w.currency = ${currency}::text)
    ),
    flows as (
      select date_trunc(${unit}, l.created_at at time zone 'UTC') as start,
        sum(case when l.type in (${typeList(groups.RealisedPNL)}) then l.amount * r.rate end) as realised_pnl,
        sum(case when l.type in (${typeList(groups.Deposit)}) then l.amount * r.rate end) as deposit,
        sum(case when l.type in (${typeList(groups.Withdrawal)}) then l.amount * r.rate end) as withdrawal,
        sum(case when l.type in (${typeList(groups.AffiliatePayout)}) then l.amount * r.rate end) as affiliate_payout
      from ledger_entries l join listed r on r.id = l.wallet_id
      group by 1
    )
    select to_char(b.start, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as date,
      coalesce((
        select sum(last.balance_after * r.rate) from listed r
        cross join lateral (
          select e.balance_after from ledger_entries e
          where e.wallet_id = r.id and e.created_at < (b.finish at time zone 'UTC')
          order by e.created_at desc, e.id desc limit 1
        ) last
      ), 0)::numeric(36,2)::text as balance,
      coalesce(f.realised_pnl, 0)::numeric(36,2)::text as realised_pnl,
      coalesce(f.deposit, 0)::numeric(36,2)::text as deposit,
      coalesce(f.withdrawal, 0)::numeric(36,2)::text as withdrawal,
      coalesce(f.affiliate_payout, 0)::numeric(36,2)::text as affiliate_payout
    from buckets b left join flows f on f.start = b.start
    order by b.start`);
  return rowsOf<Record<string, string>>(result);
}

async function expectHistoryAndTotalsAsTheLedger(userId: number) {
  for (const range of historyRangeKeys) {
    for (const currency of [null, 'USDT', 'EUR', 'BTC']) {
      const history = await balanceHistory(server.db, userId, range, currency);
      expect(history.points, `${range} ${currency}`).toEqual(await historyFromLedger(server.db, userId, range, currency));
    }
  }
  for (const type of [null, 'WALLET_REFILL', 'WITHDRAWAL', 'REALISED_PNL'] as const) {
    for (const currency of [null, 'USDT', 'EUR', 'BTC']) {
      const page = await transactionPage(server.db, userId, { type, currency, first: 5, after: null });
      const [{ counted }] = rowsOf<{ counted: number }>(
        await server.db.execute(sql`
          select count(*)::int as counted from ledger_entries
          where user_id = ${userId} and currency not in (${typeList(excludedWalletCurrencies)})
            and (${type}::text is null or type = ${type}::text) and (${currency}::text is null or currency = ${currency}::text)`),
      ) as [{ counted: number }];
      expect(page.total, `${type} ${currency}`).toBe(counted);
    }
  }
}

const day = 86_400_000;

/** Rows written by hand on past days (as seeds and imports do), with running balances from `from`. */
async function writePastRows(userId: number, walletId: number, currency: string, from: string, count: number, tag: string) {
  let balance = Number(from);
  const types = ['WALLET_REFILL', 'REALISED_PNL', 'REFERRAL_BONUS', 'WITHDRAWAL', 'INVOICE', 'WITHDRAWAL_CANCELED'] as const;
  const rows = Array.from({ length: count }, (_, index) => {
    const type = types[index % types.length]!;
    const amount = type === 'WITHDRAWAL' || type === 'INVOICE' ? -1.25 : 3.5;
    balance += amount;
    return {
      userId,
      walletId,
      currency,
      type,
      amount: amount.toFixed(2),
      balanceAfter: balance.toFixed(2),
      entryKey: `${tag}:${index}`,
      // Every 9 hours back from 400 days ago to now: days with several rows, some two rows at one instant.
      createdAt: new Date(Date.now() - 400 * day + Math.floor(index / 2) * 18 * 3_600_000),
    };
  });
  await server.db.insert(ledgerEntries).values(rows);
  await server.db.update(wallets).set({ available: balance.toFixed(2) }).where(eq(wallets.id, walletId));
}

describe('ledger day sums', () => {
  it('equal the ledger after the service writes, rows written by hand, updates and deletes; history and totals as the ledger answers', async () => {
    const member = await newMember();
    const movement = (currency: string, amount: string, type: string, key: string) => ({
      userId: member.id,
      currency,
      amount,
      type: type as never,
      entryKey: `${member.id}:${key}`,
    });
    await server.db.transaction(async (tx) => {
      await creditWallet(tx, movement('USDT', '100.5', 'WALLET_REFILL', 'a'));
      await creditWallet(tx, movement('EUR', '40', 'ADMIN_DEPOSIT', 'b'));
      await creditWallet(tx, movement('BTC', '0.01', 'WALLET_REFILL', 'btc'));
    });
    const [usdt] = await server.db.select().from(wallets).where(sql`${wallets.userId} = ${member.id} and ${wallets.currency} = 'USDT'`);
    const [eur] = await server.db.select().from(wallets).where(sql`${wallets.userId} = ${member.id} and ${wallets.currency} = 'EUR'`);
    // A year and more of history before today's movements.
    await server.db.execute(sql`delete from ledger_entries where user_id = ${member.id} and currency = 'EUR'`);
    await writePastRows(member.id, eur!.id, 'EUR', '0', 900, `${member.id}:eur-past`);
    await creditWallet(server.db, movement('EUR', '40', 'ADMIN_DEPOSIT', 'b-again'));
    await server.db.transaction(async (tx) => {
      expect(await debitWallet(tx, movement('USDT', '20.25', 'INVOICE', 'c'))).not.toBeNull();
      expect(await lockFunds(tx, movement('USDT', '30', 'WITHDRAWAL', 'd'))).not.toBeNull();
      await unlockFunds(tx, movement('USDT', '30', 'WITHDRAWAL_CANCELED', 'e'));
      expect(await debitWallet(tx, movement('USDT', '1000', 'INVOICE', 'too-much'))).toBeNull();
      await creditWallet(tx, movement('USDT', '7.125', 'REALISED_PNL', 'f'));
    });
    // Added to the day's and month's rows the statements above wrote.
    await creditWallet(server.db, movement('USDT', '0.5', 'REALISED_PNL', 'g'));
    await creditWallet(server.db, movement('USDT', '2', 'WALLET_REFILL', 'h'));
    await expectDaySumsKept();
    await expectHistoryAndTotalsAsTheLedger(member.id);

    // An update that moves rows to other days and changes amounts; a delete of a day's last row.
    await server.db.execute(sql`
      update ledger_entries set created_at = created_at - interval '3 days', amount = amount * 2
      where wallet_id = ${eur!.id} and entry_key like ${`${member.id}:eur-past:1%`}`);
    await server.db.execute(sql`delete from ledger_entries where wallet_id = ${eur!.id} and entry_key like ${`${member.id}:eur-past:2%`}`);
    await server.db.execute(sql`update ledger_entries set type = 'REALISED_PNL' where wallet_id = ${usdt!.id} and entry_key = ${`${member.id}:c`}`);
    await expectDaySumsKept();
    await expectHistoryAndTotalsAsTheLedger(member.id);
  });

  it('stay right under parallel writers on one wallet', async () => {
    const member = await newMember();
    await creditWallet(server.db, { userId: member.id, currency: 'USDT', amount: '100', type: 'WALLET_REFILL', entryKey: `${member.id}:opening` });
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        server.db.transaction(async (tx) => {
          const movement = { userId: member.id, currency: 'USDT', amount: '7', entryKey: `${member.id}:p${index}` };
          if (index % 3 === 0) return creditWallet(tx, { ...movement, type: 'REALISED_PNL' });
          if (index % 3 === 1) return debitWallet(tx, { ...movement, type: 'INVOICE' });
          const locked = await lockFunds(tx, { ...movement, type: 'WITHDRAWAL' });
          if (locked) await unlockFunds(tx, { ...movement, type: 'WITHDRAWAL_CANCELED', entryKey: `${movement.entryKey}:back` });
          return locked;
        }),
      ),
    );
    expect(results.filter((result) => result !== null).length).toBeGreaterThan(0);
    await expectDaySumsKept();
    const [{ entries }] = rowsOf<{ entries: number }>(
      await server.db.execute(sql`select sum(entries)::int as entries from ledger_days where user_id = ${member.id}`),
    ) as [{ entries: number }];
    const [{ rows }] = rowsOf<{ rows: number }>(await server.db.execute(sql`select count(*)::int as rows from ledger_entries where user_id = ${member.id}`)) as [{ rows: number }];
    expect(entries).toBe(rows);
    expect(rows).toBe(1 + results.filter((result) => result !== null).length + results.filter((result, index) => result !== null && index % 3 === 2).length);
    await expectHistoryAndTotalsAsTheLedger(member.id);
  });

  it('empty with the ledger', async () => {
    await server.db.execute(sql`truncate ledger_entries cascade`);
    expect(rowsOf(await server.db.execute(sql`select 1 from ledger_days`))).toEqual([]);
    expect(rowsOf(await server.db.execute(sql`select 1 from ledger_months`))).toEqual([]);
  });
});
