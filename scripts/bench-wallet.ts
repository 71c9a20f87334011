// The balance page's reads for `npm run bench:server` (issue 17 "Speed": with 10,000 ledger rows for the
// member, the balance history and the first transactions page each answer with p99 ≤ 30 ms): a member with
// 10,000 movements over the last year in two wallets, with running balances; the wallets end at them.
// `npm run bench:wallet` runs this section alone.
import { sql } from 'drizzle-orm';
import type { ReadSection } from './bench-queries';

const rows = 10_000;

export const walletReads: ReadSection = {
  name: 'wallet',
  data: `${rows.toLocaleString('en')} ledger rows for the member`,
  budgetP99: 30,
  async prepare(db) {
    const schema = await import('../server/db/schema');
    const { hashToken } = await import('../server/security/tokens');
    const [demo] = await db.select().from(schema.users).limit(1);
    const [member] = await db
      .insert(schema.users)
      .values({
        tenantId: demo!.tenantId,
        email: 'bench-wallet@example.com',
        name: 'Bench Wallet',
        passwordHash: demo!.passwordHash,
        refid: 'bench-wallet',
        referenceId: 'BW-1',
        emailVerifiedAt: new Date(),
      })
      .returning();
    const token = 'bench-wallet-session';
    await db.insert(schema.sessions).values({ userId: member!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
    const wallets = await db
      .insert(schema.wallets)
      .values([
        { userId: member!.id, currency: 'USDT', available: '0' },
        { userId: member!.id, currency: 'EUR', available: '0' },
      ])
      .returning();
    for (const wallet of wallets) {
      const count = rows / 2;
      await db.execute(sql`
        insert into ledger_entries (user_id, wallet_id, currency, type, amount, balance_after, entry_key, created_at)
        select ${member!.id}, ${wallet.id}, ${wallet.currency},
          (array['REALISED_PNL','WALLET_REFILL','REFERRAL_BONUS','TEAM_BONUS','INVOICE'])[1 + n % 5],
          case when n % 5 = 4 then -1.50 else 2.25 end,
          (n / 5) * 7.50 + case n % 5 when 0 then 2.25 when 1 then 4.50 when 2 then 6.75 when 3 then 9.00 else 7.50 end,
          'bench:' || ${wallet.id} || ':' || n,
          now() - (${count} - n) * interval '1 minute' * ${(365 * 24 * 60) / count}
        from generate_series(0, ${count - 1}) as n`);
      await db.execute(
        sql`update wallets set available = (select balance_after from ledger_entries where wallet_id = ${wallet.id} order by created_at desc, id desc limit 1) where id = ${wallet.id}`,
      );
    }
    // A live database is vacuumed and has statistics (autovacuum); the fresh one gets them here.
    await db.execute(sql`vacuum analyze ledger_entries`);
    await db.execute(sql`vacuum analyze ledger_days`);
    await db.execute(sql`vacuum analyze ledger_months`);
    return token;
  },
  queries: [
    [
      'balance history, 12 months',
      '{ balanceHistory(range: "12m") { points { date balance realised_pnl deposit withdrawal affiliate_payout } } }',
    ],
    [
      'balance history, 30 days',
      '{ balanceHistory(range: "30d") { points { date balance realised_pnl deposit withdrawal affiliate_payout } } }',
    ],
    [
      'first transactions page (20)',
      '{ walletTransactions(first: 20) { total next_cursor data { id type amount currency balance_after note created_at } } }',
    ],
  ],
};
