// The team tree's reads for `npm run bench:server` (issue 17 "Speed": with 5,000 members in the team, a level
// answers in ≤ 30 ms): a member whose team has 5,000 members (50 on level 1, 500 on level 2, 4,450 on level
// 3). `npm run bench:affiliates` runs this section alone.
import { sql } from 'drizzle-orm';
import type { ReadSection } from './bench-queries';

const teamSize = 5_000;
const members = 'level page total members { uuid name avatar joined_at referrals sponsor_name }';

export const affiliateReads: ReadSection = {
  name: 'affiliates',
  data: `${teamSize.toLocaleString('en')} members in the team`,
  budgetP99: 30,
  async prepare(db) {
    const schema = await import('../server/db/schema');
    const { hashToken } = await import('../server/security/tokens');
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
    await db.insert(schema.sessions).values({ userId: member!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
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
    // A live database is vacuumed and has statistics (autovacuum); the fresh one gets them here.
    await db.execute(sql`vacuum analyze users`);
    await db.execute(sql`vacuum analyze team_paths`);
    return token;
  },
  queries: [
    ['team overview (levels and counts)', '{ affTeam { max_depth access_depth levels { level open count } } }'],
    ['level 1 (50 members)', `{ affTeamLevel(level: 1) { ${members} } }`],
    ['level 2, first page (100 of 500)', `{ affTeamLevel(level: 2) { ${members} } }`],
    ['level 3, first page (100 of 4,450)', `{ affTeamLevel(level: 3) { ${members} } }`],
    ['top team list (100)', '{ affTopTeam { uuid name level referrals earned } }'],
  ],
};
