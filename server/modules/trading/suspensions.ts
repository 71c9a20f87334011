// The trading.suspensions job (issue 31, calls §9): a member whose trading is suspended (spec §3: the member
// suspended or the security flag) or whose trader fee invoices have been overdue (userSettings
// overdue_trader_fee_invoices, since users.overdue_trader_fees_since) for overdueDisconnectDays or more at `now` has
// their connected accounts suspended with the cause, once: one conditional UPDATE per member (status connected →
// suspended, while the member is still due), which a second runner, in this process or another, finds nothing left
// to change. The transaction that suspends also records the suspension and stops the copy-trading connections the
// accounts serve (issue 32); its one mail is claimed by the row (mailed_at) before it is sent, so
// it is never sent twice; a send that fails releases its claim (the others are still sent), and a suspension whose
// mail a failed or stopped pass did not send is mailed by the next pass.
import { and, eq, gt, isNotNull, isNull, lte, or, sql, type Column } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readConfig, type ServerConfig } from '../../config';
import { mailLanguage, mailText, sendMail } from '../../mail';
import { overdueDisconnectDays, type SuspensionCause } from '../../../domain/trading';
import { users } from '../account/tables';
import { portalAddress } from '../shell/service';
import { tenants } from '../shell/tables';
import { exchangeAccounts, tradingSuspensions } from './tables';
import { stopAccountCopying } from './copy-stop';

const day = 86_400_000;

/** Trader fee invoices overdue for overdueDisconnectDays or more at `now`. */
const overdueTraderFees = (now: Date) =>
  and(gt(users.overdueTraderFeeInvoices, 0), lte(users.overdueTraderFeesSince, new Date(now.getTime() - overdueDisconnectDays * day)));

const tradingSuspended = or(isNotNull(users.tradingSuspendedAt), eq(users.accountStatus, 'suspended'));

/** Whether the member `userId` names is due at `now` (trading suspended, or trader fees overdue long enough). */
export const memberDue = (userId: Column, now: Date) =>
  sql`exists(select 1 from ${users} where ${users.id} = ${userId} and (${tradingSuspended} or ${overdueTraderFees(now)}))`;

/** The cause of that member's suspension, read by the same statement. */
export const dueCause = (userId: Column) =>
  sql<SuspensionCause>`(select case when ${tradingSuspended} then 'trading_suspended' else 'overdue_invoices' end
      from ${users} where ${users.id} = ${userId})`;

/**
 * Suspends the member's connected accounts if, in this very statement, the member is still due at `now` (trading
 * suspended, or trader fees overdue long enough), with the cause read by the same statement: a member who paid or
 * was reinstated after the job's select is left alone. Records the suspension in the same transaction.
 */
export async function suspendMember(db: Db, userId: number, now: Date): Promise<number> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const accounts = await tx
      .update(exchangeAccounts)
      .set({ status: 'suspended', suspensionCause: dueCause(exchangeAccounts.userId), updatedAt: now })
      .where(and(eq(exchangeAccounts.userId, userId), eq(exchangeAccounts.status, 'connected'), memberDue(exchangeAccounts.userId, now)))
      .returning({ id: exchangeAccounts.id, cause: exchangeAccounts.suspensionCause });
    const [first] = accounts;
    if (!first) return 0;
    const cause = first.cause as SuspensionCause;
    await tx.insert(tradingSuspensions).values({ userId, cause, accounts: accounts.length, createdAt: now });
    // The accounts' connections stop with them (copy-stop.ts).
    await stopAccountCopying(tx, accounts.map((account) => account.id), { status: 'suspended', cause }, now);
    return accounts.length;
  });
}

export async function runSuspensionJob(db: Db, now = new Date(), config: ServerConfig = readConfig(), send: typeof sendMail = sendMail) {
  const due = await db
    .selectDistinct({ userId: users.id })
    .from(exchangeAccounts)
    .innerJoin(users, eq(users.id, exchangeAccounts.userId))
    .where(and(eq(exchangeAccounts.status, 'connected'), or(tradingSuspended, overdueTraderFees(now))));
  let suspended = 0;
  for (const member of due) suspended += await suspendMember(db, member.userId, now);
  const unmailed = await db
    .select({ id: tradingSuspensions.id, cause: tradingSuspensions.cause, email: users.email, language: users.language, tenant: tenants })
    .from(tradingSuspensions)
    .innerJoin(users, eq(users.id, tradingSuspensions.userId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(isNull(tradingSuspensions.mailedAt));
  let mailed = 0;
  for (const suspension of unmailed) {
    const [claimed] = await db
      .update(tradingSuspensions)
      .set({ mailedAt: now })
      .where(and(eq(tradingSuspensions.id, suspension.id), isNull(tradingSuspensions.mailedAt)))
      .returning({ id: tradingSuspensions.id });
    if (!claimed) continue;
    const link = `${portalAddress(suspension.tenant, config)}/invoices`;
    try {
      await send(db, config, {
        to: suspension.email,
        ...mailText('tradingSuspended', mailLanguage(suspension.language), {
          tenant: suspension.tenant.name,
          link,
          overdue: suspension.cause === 'overdue_invoices',
        }),
      });
    } catch (error) {
      // Released for the next pass (only the claim this pass made), and the other suspensions are still mailed.
      await db
        .update(tradingSuspensions)
        .set({ mailedAt: null })
        .where(and(eq(tradingSuspensions.id, suspension.id), eq(tradingSuspensions.mailedAt, now)));
      console.error(`trading.suspensions: the mail of suspension ${suspension.id} was not sent: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    mailed += 1;
  }
  return { suspended, mailed };
}
