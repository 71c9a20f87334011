// The server's jobs by name (DESIGN §6, §7 `POST /dev/jobs/run`): each runs one pass over the work that is due at
// `now` and answers what it did. A job claims each unit of work by a unique key in the database, so a pass may
// run in two processes at once, or again after a restart, and does each unit once.
import type { Db } from './db/client';
import { runEarningsJob } from './modules/affiliates/job';
import { runAccrualJob } from './modules/investments/service';

export const jobs = {
  'affiliates.payouts': (db: Db, now: Date) => runEarningsJob(db, now),
  'investments.accrue': (db: Db, now: Date) => runAccrualJob(db, now),
} as const;

export type JobName = keyof typeof jobs;
export const jobNames = Object.keys(jobs) as JobName[];
