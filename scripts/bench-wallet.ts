// `npm run bench:wallet`: the balance page's two reads on the reference server (issue 17 "Speed": with
// 10,000 ledger rows for the member, the balance history and the first transactions page each answer with
// p99 ≤ 30 ms). A fresh database with the demo data plus a member with 10,000 ledger rows over a year in two
// wallets; each query is asked 400 times one after another (after 50 to warm up) through the GraphQL endpoint
// in-process, and its latency percentiles are printed. On embedded PGlite, and on PostgreSQL when a local
// installation lets scripts/pg-cluster.mjs start a throwaway cluster. Prints figures, asserts nothing.
import { loadavg, availableParallelism } from 'node:os';
import { onEachDatabase, timeQueries } from './bench-queries';
import { sql } from 'drizzle-orm';

const rows = 10_000;
const runs = 400;
const warmUp = 50;
const budgetP99 = 30;

async function measure(databaseUrl: string | undefined, label: string) {
  const { openDatabase } = await import('../server/db/client');
  const { seedIfEmpty } = await import('../server/db/seed');
  const { createGraphQL } = await import('../server/graphql');
  const { readConfig } = await import('../server/config');
  const schema = await import('../server/db/schema');
  const { hashToken } = await import('../server/security/tokens');
  const database = await openDatabase({ databaseUrl, dataDir: undefined, prepare: seedIfEmpty });
  try {
    const db = database.db;
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
    await db
      .insert(schema.sessions)
      .values({ userId: member!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
    const wallets = await db
      .insert(schema.wallets)
      .values([
        { userId: member!.id, currency: 'USDT', available: '0' },
        { userId: member!.id, currency: 'EUR', available: '0' },
      ])
      .returning();
    // 10,000 movements over the last year, alternating wallets, with running balances; the wallets end at them.
    for (const [index, wallet] of wallets.entries()) {
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
      void index;
    }
    const yoga = createGraphQL(db, { ...readConfig({}), staticDir: undefined });
    const ask = async (query: string) => {
      const response = await yoga.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query }),
      });
      const text = await response.text();
      if (response.status !== 200 || text.includes('"errors"')) throw new Error(`Failed: ${text.slice(0, 300)}`);
    };
    const queries: [string, string][] = [
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
    ];
    const [load] = loadavg();
    console.log(
      `\n${label} (${rows.toLocaleString('en')} ledger rows for the member; load average ${load!.toFixed(1)} on ${availableParallelism()} cores)`,
    );
    await timeQueries(queries, ask, { runs, warmUp, budgetP99 });
  } finally {
    await database.close();
  }
}

await onEachDatabase(measure);
