// The referral earnings job (`affiliates.payouts` in server/jobs.ts, which runs it every minute): it drops the
// pending earnings of lapsed invoices and pays released earnings into wallets (payout.ts). Several processes on
// one database may run it together (payout.ts pays exactly once).
import type { Db } from '../../db/client';
import { dropLapsedEarnings, payReleasedEarnings } from './payout';

/** One run: what it dropped and paid. */
export async function runEarningsJob(db: Db, now = new Date()) {
  const dropped = await dropLapsedEarnings(db, now);
  const { credits, failures } = await payReleasedEarnings(db, now);
  return { dropped, credits, failures };
}
