// Limits kept in the database (rate_limits), so they hold for requests in parallel and across server
// processes: each check-then-act is one conditional upsert (DESIGN §6). A limit is a fixed window from its
// first event; when it has passed, the key starts again from nothing.
//
// Two kinds of use:
//   - count(): an event that always counts (a registration, a mail): refused once `max` were counted;
//   - reserve(): a check whose outcome is known only later (a password, a code). The attempt is reserved
//     before the slow check (`pending`), and then either counted as a failure or released. While the
//     failures and the checks in flight reach `max`, further callers wait for a slot (so parallel right
//     passwords all sign in, one slot after another) and are refused as soon as the failures alone reach it.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export interface Limit {
  /** "signin:member:42", "signin:ip:203.0.113.7", "register:ip:...". */
  key: string;
  max: number;
  windowMs: number;
}

/** The limit was reached: seconds until its window ends. */
export class LimitReached extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Limit reached; retry after ${retryAfterSeconds} s`);
  }
}

const expired = (windowMs: number) => sql`${rateLimits.windowStart} <= now() - (${windowMs}::int * interval '1 millisecond')`;

/** One conditional upsert: adds `hits` and `pending` unless hits + pending would pass `max`. True when it did. */
async function tryAdd(db: Db, limit: Limit, add: { hits: number; pending: number }): Promise<boolean> {
  const { key, max, windowMs } = limit;
  const reset = expired(windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, hits: add.hits, pending: add.pending })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${reset} then now() else ${rateLimits.windowStart} end`,
        hits: sql`case when ${reset} then ${add.hits}::int else ${rateLimits.hits} + ${add.hits}::int end`,
        pending: sql`case when ${reset} then ${add.pending}::int else ${rateLimits.pending} + ${add.pending}::int end`,
      },
      setWhere: sql`${reset} or ${rateLimits.hits} + ${rateLimits.pending} < ${max}::int`,
    })
    .returning({ key: rateLimits.key });
  return rows.length > 0;
}

/** Why tryAdd refused: the failures alone fill the window (with the seconds left), or checks are in flight. */
async function refusal(db: Db, limit: Limit): Promise<{ blocked: true; retryAfter: number } | { blocked: false }> {
  const [row] = await db
    .select({
      hits: rateLimits.hits,
      secondsLeft: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.windowStart} + (${limit.windowMs}::int * interval '1 millisecond') - now()))))::int`,
    })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${limit.key}`);
  if (!row) return { blocked: false };
  return row.hits >= limit.max ? { blocked: true, retryAfter: Number(row.secondsLeft) } : { blocked: false };
}

/** Counts one event against each limit, or throws LimitReached (counting nothing further). */
export async function count(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    if (!(await tryAdd(db, limit, { hits: 1, pending: 0 }))) {
      const why = await refusal(db, limit);
      throw new LimitReached(why.blocked ? why.retryAfter : 1);
    }
  }
}

// Callers waiting for a slot of a key in this process, woken when a check of that key ends. Another process's
// release is seen by the periodic retry.
const waiting = new WeakMap<Db, Map<string, Set<() => void>>>();
const retryEveryMs = 250;
/** A caller waits at most this long for a slot before it gets the limit's answer. */
export const maxSlotWaitMs = 15_000;

function waitForSlot(db: Db, key: string, ms: number): Promise<void> {
  let byKey = waiting.get(db);
  if (!byKey) waiting.set(db, (byKey = new Map()));
  let waiters = byKey.get(key);
  if (!waiters) byKey.set(key, (waiters = new Set()));
  const queue = waiters;
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      queue.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    queue.add(wake);
  });
}

function wake(db: Db, key: string, all: boolean) {
  const waiters = waiting.get(db)?.get(key);
  if (!waiters) return;
  for (const resume of [...waiters].slice(0, all ? undefined : 1)) resume();
}

export interface Reservation {
  /** The check failed: it counts against every limit. */
  fail(): Promise<void>;
  /** The check passed (or did not count): the slot is given back. */
  release(): Promise<void>;
}

/**
 * Reserves one attempt under every limit before a slow or guessable check. Throws LimitReached when the
 * failures of a window reach its max. Limits are taken in order and all given back before waiting, so two
 * callers never hold one slot each while waiting for the other's.
 */
export async function reserve(db: Db, limits: Limit[]): Promise<Reservation> {
  const deadline = Date.now() + maxSlotWaitMs;
  for (;;) {
    const taken: Limit[] = [];
    let busy: Limit | undefined;
    for (const limit of limits) {
      if (await tryAdd(db, limit, { hits: 0, pending: 1 })) {
        taken.push(limit);
        continue;
      }
      await Promise.all(taken.map((held) => settle(db, held, 0)));
      const why = await refusal(db, limit);
      if (why.blocked) throw new LimitReached(why.retryAfter);
      busy = limit;
      break;
    }
    if (!busy) return reservation(db, limits);
    const left = deadline - Date.now();
    if (left <= 0) throw new LimitReached(1);
    await waitForSlot(db, busy.key, Math.min(retryEveryMs + Math.random() * 50, left));
  }
}

async function settle(db: Db, limit: Limit, hits: number) {
  await db
    .update(rateLimits)
    .set({ pending: sql`greatest(${rateLimits.pending} - 1, 0)`, hits: sql`${rateLimits.hits} + ${hits}::int` })
    .where(sql`${rateLimits.key} = ${limit.key}`);
  // A failure may fill the window: everyone waiting learns it; a release frees one slot.
  wake(db, limit.key, hits > 0);
}

function reservation(db: Db, limits: Limit[]): Reservation {
  let settled = false;
  const end = async (hits: number) => {
    if (settled) return;
    settled = true;
    for (const limit of limits) await settle(db, limit, hits);
  };
  return { fail: () => end(1), release: () => end(0) };
}
