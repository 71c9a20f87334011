// The referral earnings job of the server process (issue "Wallet"): every affiliatePayoutInterval it drops
// the pending earnings of lapsed invoices and pays released earnings into wallets (payout.ts). One run at a
// time per process; several processes on one database may run it together (payout.ts pays exactly once).
// stop() (on SIGTERM, with the rest of the server) cancels the timer and waits for a run in progress.
import type { Db } from '../../db/client';
import { affiliatePayoutInterval } from '../../../domain/timing';
import { dropLapsedEarnings, payReleasedEarnings } from './payout';

/** One run: what it dropped and paid. */
export async function runEarningsJob(db: Db, now = new Date()) {
  const dropped = await dropLapsedEarnings(db, now);
  const { credits, failures } = await payReleasedEarnings(db, now);
  return { dropped, credits, failures };
}

export function startEarningsJob(db: Db, interval = affiliatePayoutInterval) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runEarningsJob(db)
      .then(({ dropped, credits }) => {
        if (dropped || credits) console.log(`Referral earnings: ${credits} payouts into wallets, ${dropped} pending earnings of lapsed invoices dropped`);
      })
      .catch((error: unknown) => console.error('Referral earnings job failed:', error instanceof Error ? error.message : error))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, interval);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
