// The server's jobs by name (DESIGN §6, §7 `POST /dev/jobs/run`): each runs one pass over the work that is due at
// `now` and answers what it did. A job claims each unit of work by a unique key in the database, so a pass may
// run in two processes at once, or again after a restart, and does each unit once. The server process runs
// every job once a minute (startJobs); stop() (on SIGTERM, with the rest of the server) cancels the timers and
// waits for the passes in progress.
import type { Db } from './db/client';
import { jobInterval } from '../domain/timing';
import { runEarningsJob } from './modules/affiliates/job';
import { runAccrualJob } from './modules/investments/service';
import { runPayoutJob } from './modules/crowdfunding/payouts';
import { runDrawJob } from './modules/lotteries/draw';
import { runSuspensionJob } from './modules/trading/suspensions';
import { runCopyStatsJob } from './modules/trading/copy-stats';
import { runConnectionsJob } from './modules/trading/copy-job';

export const jobs = {
  /** Drops the pending referral earnings of lapsed invoices and pays released earnings into wallets. */
  'affiliates.payouts': (db: Db, now: Date) => runEarningsJob(db, now),
  /** Accrues the investment plans' periods that are due and finishes plans at their term. */
  'investments.accrue': (db: Db, now: Date) => runAccrualJob(db, now),
  /** Pays crowdfunding holdings' profit and body when due; closes projects at ends_at, refunding those that missed their goal. */
  'crowdfunding.payouts': (db: Db, now: Date) => runPayoutJob(db, now),
  /** Draws raffles that are filled or past their ends_at, once each: prizes credited, or every ticket refunded below the minimum. */
  'lotteries.draw': (db: Db, now: Date) => runDrawJob(db, now),
  /** Suspends the connected exchange accounts of members whose trading is suspended or who have an invoice overdue by more than 3 days, once, with one mail each. */
  'trading.suspensions': (db: Db, now: Date) => runSuspensionJob(db, now),
  /** Syncs the strategies' new trades and recomputes their figures and the rankings, per tenant at most once every 15 minutes. */
  'copytrading.stats': (db: Db, now: Date) => runCopyStatsJob(db, now),
  /** Expires link requests not reviewed in 24 hours, links or fails pending connections' keys, suspends the connections of suspended or overdue members, and copies new strategy trades onto active connections once (stopping those past their drawdown limit). */
  'copytrading.connections': (db: Db, now: Date) => runConnectionsJob(db, now),
} as const;

export type JobName = keyof typeof jobs;
export const jobNames = Object.keys(jobs) as JobName[];

/** Runs every job every `interval`, one pass at a time per job; a failed pass is logged and the next one tries again. */
export function startJobs(db: Db, interval = jobInterval) {
  const running = new Map<JobName, Promise<void>>();
  let stopped = false;
  const tick = () => {
    for (const name of jobNames) {
      if (running.has(name) || stopped) continue;
      const pass = jobs[name](db, new Date())
        .then((outcome) => {
          if (Object.values(outcome).some((count) => count !== 0)) console.log(`Job ${name}: ${JSON.stringify(outcome)}`);
        })
        .catch((error: unknown) => console.error(`Job ${name} failed:`, error instanceof Error ? error.message : error))
        .finally(() => running.delete(name));
      running.set(name, pass);
    }
  };
  const timer = setInterval(tick, interval);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
