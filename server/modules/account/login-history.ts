// The member's own sign-in attempts (the login history), newest first.
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../auth/tables';

/** The member's own sign-in attempts, newest first, one page. */
export async function loginHistoryPage(db: Db, userId: number, page: number, perPage: number) {
  const [{ total = 0 } = {}] = await db.select({ total: count() }).from(loginAttempts).where(eq(loginAttempts.userId, userId));
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(eq(loginAttempts.userId, userId))
    .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map((row) => ({
      browser_name: row.browserName,
      platform_name: row.platformName,
      device_model: row.deviceModel,
      ip: row.ip,
      success: row.success,
      created_at: row.createdAt.toISOString(),
      city: null,
      country_name: null,
    })),
    paginatorInfo: {
      current_page: page,
      per_page: perPage,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      total,
    },
  };
}
