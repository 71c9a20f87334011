// `npm run bench:affiliates`: the team tree on the reference server (issue 17 "Speed": with 5,000 members in
// the team, a level answers in ≤ 30 ms). A fresh database with the demo data plus a member whose team has
// 5,000 members (50 on level 1, 500 on level 2, 4,450 on level 3); each query is asked 400 times one after
// another (after 50 to warm up) through the GraphQL endpoint in-process, and its latency percentiles are
// printed. On embedded PGlite, and on PostgreSQL when a local installation lets scripts/pg-cluster.mjs start
// a throwaway cluster. Prints figures, asserts nothing.
import { loadavg, availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { onEachDatabase, timeQueries } from './bench-queries';
import { sql } from 'drizzle-orm';

const teamSize = 5_000;
const runs = Number(process.env.BENCH_RUNS ?? 400);
const warmUp = Math.min(50, runs);
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
        email: 'bench-team@example.com',
        name: 'Bench Team',
        passwordHash: demo!.passwordHash,
        refid: 'bench-team',
        referenceId: 'BT-1',
        emailVerifiedAt: new Date(),
      })
      .returning();
    const token = 'bench-team-session';
    await db
      .insert(schema.sessions)
      .values({ userId: member!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
    // 50 direct referrals, 10 each under them (500), the rest (4,450) spread under level 2.
    const insertLevel = async (count: number, level: number, sponsorOf: string) =>
      db.execute(sql`
        insert into users (tenant_id, email, name, password_hash, refid, reference_id, sponsor_id, created_at)
        select ${demo!.tenantId}, 'bench-l' || ${level} || '-' || n || '@example.com', 'Bench L' || ${level} || ' #' || n, '!',
          'bench-l' || ${level} || '-' || n, 'BL' || ${level} || '-' || n, (${sql.raw(sponsorOf)}), now() - n * interval '1 minute'
        from generate_series(1, ${count}) as n`);
    await insertLevel(50, 1, `select ${member!.id}`);
    await insertLevel(500, 2, `select id from users where refid = 'bench-l1-' || (1 + n % 50)`);
    await insertLevel(teamSize - 550, 3, `select id from users where refid = 'bench-l2-' || (1 + n % 500)`);
    // A live database has statistics (autovacuum's analyze); the embedded one gets them here.
    await db.execute(sql`analyze users`);
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
    const members = 'level page total members { uuid name avatar joined_at referrals sponsor_name }';
    const queries: [string, string][] = [
      ['team overview (levels and counts)', '{ affTeam { max_depth access_depth levels { level open count } } }'],
      ['level 1 (50 members)', `{ affTeamLevel(level: 1) { ${members} } }`],
      ['level 2, first page (100 of 500)', `{ affTeamLevel(level: 2) { ${members} } }`],
      ['level 3, first page (100 of 4,450)', `{ affTeamLevel(level: 3) { ${members} } }`],
      ['top team list (100)', '{ affTopTeam { uuid name level referrals earned } }'],
    ];
    const [load] = loadavg();
    console.log(
      `\n${label} (${teamSize.toLocaleString('en')} members in the team; load average ${load!.toFixed(1)} on ${availableParallelism()} cores)`,
    );
    if (process.env.BENCH_RUNS) {
      for (const [name, query] of queries) {
        const first = performance.now();
        await ask(query);
        console.log(`  (${name}: first answer ${(performance.now() - first).toFixed(1)} ms)`);
      }
    }
    await timeQueries(queries, ask, { runs, warmUp, budgetP99 });
  } finally {
    await database.close();
  }
}

await onEachDatabase(measure);
