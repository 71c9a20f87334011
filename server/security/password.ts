// scrypt password hashes (node:crypto): "scrypt$N$r$p$salt$hash", compared in constant time. Hashing is
// queued so that at most `hashingSlots` run at once: scrypt runs on libuv's threadpool, and 200 sign-ins at
// once would otherwise take every core from the event loop (and from PGlite, which runs on it), so every
// other request would wait seconds (DESIGN.md §8).
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Semaphore } from './semaphore';

/** Hashes at once: every core but one, which stays with the event loop. */
export const hashingSlots = Math.max(1, availableParallelism() - 1);
const hashing = new Semaphore(hashingSlots);

/**
 * For the sign-in resolver to run its whole credential check in (throttle, account lookup, hash, record):
 * queuing only the hash still lets 200 sign-ins at once put their lookups into the database queue ahead of
 * every other request (PGlite runs one query at a time, a pool ten). Measured with 200 logins at once, `me`
 * p99 went from about 1 s to 34 ms (PostgreSQL) and from seconds to 38 ms (PGlite).
 */
const signIns = new Semaphore(hashingSlots, maxWaitingSignIns());
export const queueSignIn = <T>(check: () => Promise<T>) => signIns.run(check);

/** The server is stopping: sign-ins and hashes still waiting, and any later, fail with `refusal()` (a retryable error). */
export function refuseHashing(refusal: () => Error) {
  signIns.refuse(refusal);
  hashing.refuse(refusal);
}

/**
 * How many sign-ins may wait for their turn: a hash takes some 50-100 ms per slot, so 500 waiting on one slot
 * is about 30-50 s, the longest a member would sensibly wait. Beyond it a flood (from many addresses, which the
 * per-address limits do not stop) is refused at once with TooManyAttempts instead of growing without end.
 */
function maxWaitingSignIns() {
  return 500 * hashingSlots;
}

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  hashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );

const params = { N: 16384, r: 8, p: 1 };
const keyLength = 64;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, keyLength, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(key, expected);
}

/** A hash of a random password, so that unknown accounts cost the same time as known ones. */
export const decoyHash = hashPassword(randomBytes(16).toString('hex'));
