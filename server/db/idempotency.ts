// Idempotency keys of money calls: cross-area infrastructure (payments, shop, tariffs use it), like the
// rate limits. The first call under a key stores its result in its own transaction; a repeat waits for that
// row and answers the same result.
import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { createdAt } from './columns';
import { appError } from '../errors';
import { users } from '../modules/account/tables';

/** Per member and operation: the request's hash and, once the work is done, its result. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    result: jsonb('result'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.operation, t.key] })],
);

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * Runs `work` in one transaction, once per (member, operation, key): the key row is inserted first, so a
 * parallel repeat waits on it and then reads the stored result; a different request under the same key is a
 * conflict. Without a key the work simply runs in its transaction. A failed call stores nothing.
 */
export async function withIdempotency<T extends Json>(
  db: Db,
  userId: number,
  operation: string,
  key: string | null | undefined,
  request: Json,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  if (!key) return db.transaction((tx) => work(tx as unknown as Db));
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  const thisKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.operation, operation), eq(idempotencyKeys.key, key));
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, operation, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed.length) {
      const [first] = await tx.select().from(idempotencyKeys).where(thisKey);
      if (!first || first.requestHash !== requestHash) {
        throw appError('conflict', 'This idempotency key was used for another request.', { reason: 'IdempotencyKeyReused' });
      }
      return first.result as T;
    }
    const result = await work(tx);
    await tx.update(idempotencyKeys).set({ result }).where(thisKey);
    return result;
  });
}

/** Whether a call under this key has been answered (its result stored): a repeat of it is replayed. */
export async function answered(db: Db, userId: number, operation: string, key: string | null | undefined) {
  if (!key) return false;
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.operation, operation), eq(idempotencyKeys.key, key), isNotNull(idempotencyKeys.result)));
  return Boolean(row);
}
