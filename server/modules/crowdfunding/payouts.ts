// The payout job (`crowdfunding.payouts`, issue 28): each holding's profit every payout period and its body at the
// end of the term, as domain/crowdfunding.ts schedules them, and the close of projects at ends_at (a missed goal
// refunds every holding). Each movement once, by its ledger entry key and its claim row:
//   crowdfunding:<id>:payout:<n>  CROWDFUNDING_PAYOUT_PROFIT  payout n's profit (claimed by its (holding, n) row)
//   crowdfunding:<id>:body        CROWDFUNDING_PAYOUT_BODY    the amount back with the last payout
//   crowdfunding:<id>:refund      REFUND_TO_BALANCE           the amount back when the project missed its goal, less
//                                                             what its payouts already paid (never more than was put in)
import { and, asc, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutCount, payoutsDueAt, payoutSchedule } from '../../../domain/crowdfunding';
import { add, compare, isZero, subtract } from '../../../domain/money';
import { cancelInvoice } from '../payments/expiry';
import { creditWallet } from '../wallet/ledger';
import { figuresOf, noFigures, termsOf, type HoldingRow, type ProjectRow } from './service';
import { crowdfundingHoldings, crowdfundingPayouts, crowdfundingProjects } from './tables';

/**
 * Pays the payouts of a locked, active holding that are due at `now`, one by one, and completes it after the
 * last. Each payout is claimed by its (holding, number) row; a claimed one is never paid again.
 */
async function payDue(tx: Db, holding: HoldingRow, project: ProjectRow, now: Date): Promise<{ paid: number; completed: boolean }> {
  const terms = termsOf(project);
  const due = payoutsDueAt(holding.paidAt!, terms, now);
  if (due <= holding.payoutsDone) return { paid: 0, completed: false };
  const schedule = payoutSchedule(holding.amount, holding.paidAt!, terms);
  let profit = holding.receivedProfit;
  let body = holding.receivedBody;
  let paid = 0;
  for (let number = holding.payoutsDone + 1; number <= due; number += 1) {
    const payout = schedule[number - 1]!;
    const claimed = await tx
      .insert(crowdfundingPayouts)
      .values({ holdingId: holding.id, number, profit: payout.profit, body: payout.body, dueAt: payout.dueAt, paidAt: now })
      .onConflictDoNothing()
      .returning({ number: crowdfundingPayouts.number });
    if (!claimed.length) continue;
    paid += 1;
    if (!isZero(payout.profit)) {
      await creditWallet(tx, {
        userId: holding.userId,
        currency: project.currency,
        amount: payout.profit,
        type: 'CROWDFUNDING_PAYOUT_PROFIT',
        entryKey: `crowdfunding:${holding.id}:payout:${number}`,
        note: `${project.name}, payout ${number}`,
        details: { subject: project.name, count: number },
      });
      profit = add(profit, payout.profit);
    }
    if (!isZero(payout.body)) {
      await creditWallet(tx, {
        userId: holding.userId,
        currency: project.currency,
        amount: payout.body,
        type: 'CROWDFUNDING_PAYOUT_BODY',
        entryKey: `crowdfunding:${holding.id}:body`,
        note: project.name,
        details: { subject: project.name },
      });
      body = add(body, payout.body);
    }
  }
  const completed = due === payoutCount(terms);
  await tx
    .update(crowdfundingHoldings)
    .set({ payoutsDone: due, receivedProfit: profit, receivedBody: body, ...(completed ? { status: 'completed' as const } : {}) })
    .where(eq(crowdfundingHoldings.id, holding.id));
  return { paid, completed };
}

/**
 * Refunds every active holding of a locked project that missed its goal, once each, and closes it. A holding gets
 * back its amount less what its payouts already paid, so a member never ends with more than they put in. Holdings
 * are taken by member then id: every refund locks wallets in one order, so two runners refunding two projects
 * with the same investors cannot deadlock.
 */
async function refundProject(tx: Db, project: ProjectRow, now: Date): Promise<number> {
  const holdings = await tx
    .select()
    .from(crowdfundingHoldings)
    .where(and(eq(crowdfundingHoldings.projectId, project.id), eq(crowdfundingHoldings.status, 'active')))
    .orderBy(asc(crowdfundingHoldings.userId), asc(crowdfundingHoldings.id))
    .for('update');
  for (const holding of holdings) {
    const back = subtract(subtract(holding.amount, holding.receivedProfit), holding.receivedBody);
    await tx.update(crowdfundingHoldings).set({ status: 'refunded', refundedAt: now }).where(eq(crowdfundingHoldings.id, holding.id));
    if (compare(back, '0') <= 0) continue;
    await creditWallet(tx, {
      userId: holding.userId,
      currency: project.currency,
      amount: back,
      type: 'REFUND_TO_BALANCE',
      entryKey: `crowdfunding:${holding.id}:refund`,
      note: `${project.name}: the goal was not reached`,
      details: { subject: project.name, reason: 'goal_not_reached' },
    });
  }
  await tx.update(crowdfundingProjects).set({ status: 'finished', finishedAt: now, refundedAt: now }).where(eq(crowdfundingProjects.id, project.id));
  return holdings.length;
}

/** One unit of the pass: a failure (a deadlock another runner won, a lost connection) is logged, not fatal. */
async function unit<T>(what: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    console.error(`Job crowdfunding.payouts: ${what} failed:`, error instanceof Error ? error.message : error);
    return null;
  }
}

export interface PayoutJobOutcome {
  payouts: number;
  completed: number;
  finished: number;
  refunded: number;
  released: number;
}

/**
 * The payout job (`crowdfunding.payouts`): (a) every project past its ends_at that is still active: finished when
 * its goal was raised, else every active holding refunded; (b) every active holding with a payout due at `now`;
 * (c) the pending holdings of finished projects let go (their invoices canceled). Each unit in its own
 * transaction; a row another process holds is skipped (that process does it); a unit that fails is logged and the
 * pass goes on (the next pass tries it again).
 */
export async function runPayoutJob(db: Db, now = new Date()): Promise<PayoutJobOutcome> {
  const outcome: PayoutJobOutcome = { payouts: 0, completed: 0, finished: 0, refunded: 0, released: 0 };
  // Projects past their end are closed first: a project that missed its goal refunds its holdings before any
  // payout falls due after its end, and a refunded holding is never paid again.
  const ended = await db
    .select({ id: crowdfundingProjects.id })
    .from(crowdfundingProjects)
    .where(and(eq(crowdfundingProjects.status, 'active'), lte(crowdfundingProjects.endsAt, now)))
    .orderBy(asc(crowdfundingProjects.id));
  for (const { id } of ended) {
    const refunded = await unit(`closing project ${id}`, () => db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [project] = await tx
        .select()
        .from(crowdfundingProjects)
        .where(and(eq(crowdfundingProjects.id, id), eq(crowdfundingProjects.status, 'active')))
        .for('update', { skipLocked: true });
      if (!project) return null;
      const figures = (await figuresOf(tx, [project.id], null)).get(project.id) ?? noFigures;
      if (compare(figures.raised, project.goal) >= 0) {
        await tx.update(crowdfundingProjects).set({ status: 'finished', finishedAt: now }).where(eq(crowdfundingProjects.id, project.id));
        return 0;
      }
      return refundProject(tx, project, now);
    }));
    if (refunded === null) continue;
    outcome.finished += 1;
    outcome.refunded += refunded;
  }

  // A few days early: months are cut in SQL and in the rule alike, the rule decides under the lock.
  const due = await db
    .select({ id: crowdfundingHoldings.id })
    .from(crowdfundingHoldings)
    .innerJoin(crowdfundingProjects, eq(crowdfundingProjects.id, crowdfundingHoldings.projectId))
    .where(
      and(
        eq(crowdfundingHoldings.status, 'active'),
        isNotNull(crowdfundingHoldings.paidAt),
        lte(
          sql`${crowdfundingHoldings.paidAt} + ((${crowdfundingHoldings.payoutsDone} + 1) * ${crowdfundingProjects.payoutPeriodMonths}) * interval '1 month' - interval '4 days'`,
          now,
        ),
      ),
    )
    .orderBy(asc(crowdfundingHoldings.id));
  for (const { id } of due) {
    const done = await unit(`paying holding ${id}`, () => db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [holding] = await tx
        .select()
        .from(crowdfundingHoldings)
        .where(and(eq(crowdfundingHoldings.id, id), eq(crowdfundingHoldings.status, 'active')))
        .for('update', { skipLocked: true });
      if (!holding) return null;
      const [project] = await tx.select().from(crowdfundingProjects).where(eq(crowdfundingProjects.id, holding.projectId));
      return payDue(tx, holding, project!, now);
    }));
    if (!done) continue;
    outcome.payouts += done.paid;
    if (done.completed) outcome.completed += 1;
  }

  // Pending holdings of closed projects: their invoices can no longer be paid (the kind's payable says so).
  const stranded = await db
    .select({ invoiceId: crowdfundingHoldings.invoiceId })
    .from(crowdfundingHoldings)
    .innerJoin(crowdfundingProjects, eq(crowdfundingProjects.id, crowdfundingHoldings.projectId))
    .where(
      and(
        eq(crowdfundingHoldings.status, 'pending'),
        isNotNull(crowdfundingHoldings.invoiceId),
        or(eq(crowdfundingProjects.status, 'finished'), lte(crowdfundingProjects.endsAt, now)),
      ),
    );
  for (const { invoiceId } of stranded) {
    // The invoice first (canceling it tells this area, which lets the holding go), as a payment locks it first.
    if (await unit(`releasing invoice ${invoiceId}`, () => db.transaction((txn) => cancelInvoice(txn as unknown as Db, invoiceId!, 'stale')))) outcome.released += 1;
  }
  return outcome;
}
