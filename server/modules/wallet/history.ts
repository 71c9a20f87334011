// The balance history and the transactions list, read from the ledger: the transactions from its rows, the
// balance history and the transactions' total from its day and month sums (ledger_days, ledger_months, kept by
// triggers on the ledger). Money moves through ledger.ts.
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Decimal } from '../../../domain/money';
import { excludedWalletCurrencies } from '../../../domain/limits';
import { historyEntryTransactionTypes, historyRanges, type HistoryRange, type TransactionType } from '../../../domain/ledger';
import { currencies, ledgerDays, ledgerEntries, ledgerMonths, wallets } from './tables';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

const excludedList = sql.join(
  excludedWalletCurrencies.map((code) => sql`${code}`),
  sql`, `,
);

const typeList = (types: readonly string[]) =>
  sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  );

/** Where a range starts (UTC), as SQL: the first bucket's start. */
function rangeStart(range: HistoryRange) {
  const spec = historyRanges[range];
  const bucket = sql.raw(`'${spec.bucket}'`);
  const now = sql`(now() at time zone 'UTC')`;
  if ('days' in spec) return sql`date_trunc(${bucket}, ${now} - ${spec.days - 1} * interval '1 day')`;
  // A year in months: this month and the 11 before it; 3 and 6 months in weeks: the week 3 or 6 months ago.
  const back = spec.bucket === 'month' ? spec.months - 1 : spec.months;
  return sql`date_trunc(${bucket}, ${now} - ${back} * interval '1 month')`;
}

export interface HistoryPoint {
  date: string;
  balance: Decimal;
  realised_pnl: Decimal;
  deposit: Decimal;
  withdrawal: Decimal;
  affiliate_payout: Decimal;
}

/**
 * The balance history (spec §9): for each bucket of the range (days, weeks or months, UTC) the available
 * balance at its end and the sums of the four entry types in it, aggregated in SQL from the ledger's day sums. Without
 * a currency every listed wallet counts at its USDT rate; with one, that wallet in its own currency.
 */
export async function balanceHistory(db: Db, userId: number, range: HistoryRange, currency: string | null) {
  const { bucket } = historyRanges[range];
  const unit = sql.raw(`'${bucket}'`);
  const step = sql.raw(`interval '1 ${bucket}'`);
  const groups = historyEntryTransactionTypes;
  const result = await db.execute(sql`
    with buckets as (
      select start, start + ${step} as finish
      from generate_series(${rangeStart(range)}, date_trunc(${unit}, now() at time zone 'UTC'), ${step}) as start
    ),
    listed as (
      select w.id, case when ${currency}::text is null then c.usdt_rate else 1 end as rate
      from ${wallets} w join ${currencies} c on c.code = w.currency
      where w.user_id = ${userId} and w.currency not in (${excludedList})
        and (${currency}::text is null or w.currency = ${currency}::text)
    ),
    -- The day sums (ledger_days; months: ledger_months) added up per bucket, wallet and type first,
    -- then priced and grouped into the entry types: the rate and the type lists touch the sums only.
    sums as (${
      bucket === 'month'
        ? sql`
      select m.month::timestamp as start, m.wallet_id, m.type, sum(m.amount) as total
      from ${ledgerMonths} m
      where m.wallet_id in (select id from listed) and m.month >= (select min(start) from buckets)::date
      group by 1, 2, 3`
        : sql`
      select date_trunc(${unit}, d.day::timestamp) as start, d.wallet_id, d.type, sum(d.amount) as total
      from ${ledgerDays} d
      where d.wallet_id in (select id from listed) and d.day >= (select min(start) from buckets)::date
      group by 1, 2, 3`
    }
    ),
    flows as (
      select s.start,
        sum(case when s.type in (${typeList(groups.RealisedPNL)}) then s.total * r.rate end) as realised_pnl,
        sum(case when s.type in (${typeList(groups.Deposit)}) then s.total * r.rate end) as deposit,
        sum(case when s.type in (${typeList(groups.Withdrawal)}) then s.total * r.rate end) as withdrawal,
        sum(case when s.type in (${typeList(groups.AffiliatePayout)}) then s.total * r.rate end) as affiliate_payout
      from sums s join listed r on r.id = s.wallet_id
      group by 1
    )
    select to_char(b.start, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as date,
      coalesce((
        select sum(last.balance_after * r.rate) from listed r
        cross join lateral (
          select d.last_balance as balance_after from ${ledgerDays} d
          where d.wallet_id = r.id and d.day < b.finish::date
          order by d.day desc, d.last_at desc, d.last_id desc limit 1
        ) last
      ), 0)::numeric(36,2)::text as balance,
      coalesce(f.realised_pnl, 0)::numeric(36,2)::text as realised_pnl,
      coalesce(f.deposit, 0)::numeric(36,2)::text as deposit,
      coalesce(f.withdrawal, 0)::numeric(36,2)::text as withdrawal,
      coalesce(f.affiliate_payout, 0)::numeric(36,2)::text as affiliate_payout
    from buckets b left join flows f on f.start = b.start
    order by b.start`);
  return { range, bucket, currency: currency ?? 'USDT', points: rowsOf<HistoryPoint>(result) };
}

// ---------------------------------------------------------------- transactions

export interface TransactionFilter {
  type: TransactionType | null;
  currency: string | null;
  first: number;
  /** The last row of the previous page (its id): the page starts after it. */
  after: number | null;
}

/**
 * The member's ledger rows, newest first, paged by cursor (the last row's id; the order is created_at, id
 * descending, so rows written later never shift a page). Wallets in BTC and AIV are left out, as in lists.
 */
export async function transactionPage(db: Db, userId: number, filter: TransactionFilter) {
  const where = and(
    eq(ledgerEntries.userId, userId),
    notInArray(ledgerEntries.currency, [...excludedWalletCurrencies]),
    filter.type ? eq(ledgerEntries.type, filter.type) : undefined,
    filter.currency ? eq(ledgerEntries.currency, filter.currency) : undefined,
  );
  // The same rows counted from the month sums: a few rows a month instead of every ledger row.
  const counted = and(
    eq(ledgerMonths.userId, userId),
    notInArray(ledgerMonths.currency, [...excludedWalletCurrencies]),
    filter.type ? eq(ledgerMonths.type, filter.type) : undefined,
    filter.currency ? eq(ledgerMonths.currency, filter.currency) : undefined,
  );
  const afterRow =
    filter.after === null
      ? undefined
      : sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) < (select c.created_at, c.id from ${ledgerEntries} c where c.id = ${filter.after} and c.user_id = ${userId})`;
  const [rows, [{ total = 0 } = {}]] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(and(where, afterRow))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(filter.first + 1),
    db.select({ total: sql<number>`coalesce(sum(${ledgerMonths.entries}), 0)::int` }).from(ledgerMonths).where(counted),
  ]);
  const page = rows.slice(0, filter.first);
  return {
    data: page.map((row) => ({
      id: String(row.id),
      type: row.type,
      amount: row.amount,
      currency: row.currency,
      balance_after: row.balanceAfter,
      note: row.note,
      details: {
        invoice_tag: row.details?.invoice_tag ?? null,
        subject: row.details?.subject ?? null,
        count: row.details?.count ?? null,
        ref: row.details?.ref ?? null,
        reason: row.details?.reason ?? null,
      },
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor: rows.length > filter.first ? String(page.at(-1)!.id) : null,
    total,
  };
}
