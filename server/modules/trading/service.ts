// Exchange accounts (issue 31; server/schema.graphql "exchange accounts and services"). A key is
// checked with its exchange (checkKey: the adapter reads it, domain keyChecks judge it in order) OUTSIDE any
// transaction, after everything that can refuse without the exchange (validation, suspension, overdue invoices,
// the services' limits, the per-member rate limit of key checks). Then one transaction (withIdempotency) locks the
// member's row, counts the accounts and checks the suspension again under that lock (so parallel creates never
// pass the limit), checks the key's fingerprint and writes the account with its key sealed (secrets.ts).
// Every operation needs the spot or the futures module.
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ServerConfig } from '../../config';
import { idempotencyKeys, withIdempotency } from '../../db/idempotency';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../context';
import { appError, validationError } from '../../errors';
import { accountInputSchema, accountUpdateSchema, disconnectReasonSchema, givesNewKey, type CredentialField } from '../../../domain/trading';
import { users } from '../account/tables';
import type { TenantRow } from '../shell/service';
import { curatedExchanges } from './ccxt-adapter';
import type { ExchangeAdapter, ExchangeCredentials } from './exchange-adapter';
import { adapterFor, checkKey, countKeyCheck, refused } from './key-check';
import { accountNotFound, refuseBeyondLimits, refuseWhileSuspended, tradingModule } from './limits';
import { sealCredentials } from './secrets';
import { stopAccountCopying } from './copy-stop';
import { exchangeAccounts } from './tables';

export async function requireTrading(db: Db, tenant: TenantRow): Promise<void> {
  const [module] = await tradingModule(db).execute({ tenantId: tenant.id });
  if (!module) throw appError('not_found', 'This portal has no trading.');
}

const exchangeName = (id: string) => curatedExchanges.find((exchange) => exchange.id === id)?.name ?? id;

type AccountRow = typeof exchangeAccounts.$inferSelect;

/** An account as the contract shows it: never a sealed value or its fingerprint. */
export const accountView = (row: AccountRow) => ({
  id: row.id,
  name: row.name,
  exchange: row.exchange,
  exchange_name: exchangeName(row.exchange),
  status: row.status,
  api_key_last4: row.apiKeyLast4,
  trading_balance: row.balance === null ? null : { balance: row.balance, base_currency: row.balanceCurrency },
  balance_read_at: row.balanceReadAt?.toISOString() ?? null,
  disconnect_reason: row.disconnectReason,
  disconnected_at: row.disconnectedAt?.toISOString() ?? null,
  suspension_cause: row.suspensionCause,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The columns of an account a view needs (every one but the sealed values and the fingerprint). */
const viewColumns = {
  id: exchangeAccounts.id,
  tenantId: exchangeAccounts.tenantId,
  userId: exchangeAccounts.userId,
  name: exchangeAccounts.name,
  exchange: exchangeAccounts.exchange,
  apiKeyLast4: exchangeAccounts.apiKeyLast4,
  status: exchangeAccounts.status,
  balance: exchangeAccounts.balance,
  balanceCurrency: exchangeAccounts.balanceCurrency,
  balanceReadAt: exchangeAccounts.balanceReadAt,
  disconnectReason: exchangeAccounts.disconnectReason,
  disconnectedAt: exchangeAccounts.disconnectedAt,
  suspensionCause: exchangeAccounts.suspensionCause,
  createdAt: exchangeAccounts.createdAt,
  updatedAt: exchangeAccounts.updatedAt,
};

/** An ExchangeAccount without its connections (a field resolver: copy-write-resolvers.ts). */
export type AccountParent = ReturnType<typeof accountView>;

type ViewRow = Omit<AccountRow, 'apiKeySealed' | 'secretSealed' | 'passphraseSealed' | 'keyFingerprint'>;
const view = (row: ViewRow) => accountView(row as AccountRow);

const ownAccount = (tenantId: number, userId: number) => and(eq(exchangeAccounts.tenantId, tenantId), eq(exchangeAccounts.userId, userId));

/** myAccounts: newest first. */
export async function memberAccounts(db: Db, tenant: TenantRow, user: UserRow) {
  const rows = await db
    .select(viewColumns)
    .from(exchangeAccounts)
    .where(ownAccount(tenant.id, user.id))
    .orderBy(desc(exchangeAccounts.createdAt), desc(exchangeAccounts.id));
  return rows.map(view);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account id as stored (lower case), or not_found for anything that cannot be one. */
export function accountId(id: unknown): string {
  if (typeof id !== 'string' || !uuidPattern.test(id.trim())) throw accountNotFound();
  return id.trim().toLowerCase();
}

/** myAccount: the member's own account; another's or an unknown id is AccountNotFound. */
export async function memberAccount(db: Db, tenant: TenantRow, user: UserRow, id: string) {
  const [row] = await db
    .select(viewColumns)
    .from(exchangeAccounts)
    .where(and(ownAccount(tenant.id, user.id), eq(exchangeAccounts.id, id)));
  if (!row) throw accountNotFound();
  return view(row);
}

/** The exchanges offered and the credentials the chosen one needs (what validation checks against). */
async function requiredFor(adapter: ExchangeAdapter, exchange: unknown) {
  const offered = await adapter.exchanges();
  const chosen = offered.find((known) => known.id === exchange);
  return { ids: offered.map((known) => known.id), required: chosen?.required_credentials ?? (['api_key', 'secret'] as CredentialField[]) };
}

function parsed<T extends v.GenericSchema>(schema: T, input: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const codes: Record<string, string[]> = {};
  for (const issue of result.issues) (codes[v.getDotPath(issue) ?? 'input'] ??= []).push(issue.message);
  throw validationError(codes);
}

/** Locks the member's row (NO KEY UPDATE, as the other areas: the idempotency key's row holds KEY SHARE on it). */
const lockMember = (tx: Db, userId: number) => tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');

/** moduleExchanges: the list, by name; sandbox outside production. */
export async function moduleExchanges(config: Pick<ServerConfig, 'production'>) {
  const adapter = adapterFor(config);
  return (await adapter.exchanges()).map((exchange) => ({ ...exchange, sandbox: adapter.sandbox }));
}

/** Whether a call under this idempotency key of the member's already has its result. */
async function answered(db: Db, userId: number, key: string | null) {
  if (!key) return false;
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.operation, 'myAccountCreate'), eq(idempotencyKeys.key, key), isNotNull(idempotencyKeys.result)));
  return Boolean(row);
}

/** Everything that refuses without the exchange, then the counted key check (outside any transaction). */
async function checkBeforeCreate(db: Db, adapter: ExchangeAdapter, user: UserRow, input: { exchange: string } & ExchangeCredentials, now: Date) {
  await refuseWhileSuspended(db, user.id);
  await refuseBeyondLimits(db, user.id, input.exchange, now);
  await countKeyCheck(db, user.id);
  return checkKey(adapter, input.exchange, input);
}

/** myAccountCreate: checks the key, then writes the account once (per idempotency key and per exchange key). */
export async function createAccount(
  db: Db,
  config: Pick<ServerConfig, 'production'>,
  tenant: TenantRow,
  user: UserRow,
  rawInput: unknown,
  idempotencyKey: string | null,
  now = new Date(),
) {
  const adapter = adapterFor(config);
  const { ids, required } = await requiredFor(adapter, (rawInput as { exchange?: unknown } | null)?.exchange);
  const input = parsed(accountInputSchema(ids, required), rawInput);
  // The id is made here, before the insert, so the sealed values are bound to their row.
  const accountId = randomUUID();
  const { sealed, digest } = await sealCredentials(db, accountId, input.exchange, input, required.includes('passphrase'));
  const request = { name: input.name, exchange: input.exchange, credentials: digest };
  // A repeat of a create that is done answers its account (withIdempotency), not the limit the account now fills.
  let reading: Awaited<ReturnType<typeof checkBeforeCreate>> | null = null;
  if (!(await answered(db, user.id, idempotencyKey))) {
    try {
      reading = await checkBeforeCreate(db, adapter, user, input, now);
    } catch (error) {
      // A retry racing its first call may be refused by the account that call has just made (the Free Plan full,
      // say): if the first call was answered meanwhile, its answer is replayed below instead.
      if (!idempotencyKey || !(await answered(db, user.id, idempotencyKey))) throw error;
    }
  }
  const { id } = await withIdempotency(db, user.id, 'myAccountCreate', idempotencyKey, request, async (tx) => {
    // Only when the key's first call failed and its row went with it since: check as a new call would.
    if (!reading) throw refused('ExchangeUnavailable');
    await lockMember(tx, user.id);
    await refuseWhileSuspended(tx, user.id);
    await refuseBeyondLimits(tx, user.id, input.exchange, now);
    const [account] = await tx
      .insert(exchangeAccounts)
      .values({
        id: accountId,
        tenantId: tenant.id,
        userId: user.id,
        name: input.name,
        exchange: input.exchange,
        ...sealed,
        status: 'connected',
        balance: reading.balance,
        balanceCurrency: 'USDT',
        balanceReadAt: now,
        createdAt: now,
        updatedAt: now,
      })
      // Another account with this key (any member of the tenant, in parallel too): the unique index decides.
      .onConflictDoNothing()
      .returning({ id: exchangeAccounts.id });
    if (!account) throw refused('ApiKeyInUse');
    return { id: account.id };
  });
  return memberAccount(db, tenant, user, id);
}

async function lockAccount(tx: Db, tenant: TenantRow, user: UserRow, id: string) {
  const [row] = await tx
    .select(viewColumns)
    .from(exchangeAccounts)
    .where(and(ownAccount(tenant.id, user.id), eq(exchangeAccounts.id, id)))
    .for('update');
  if (!row) throw accountNotFound();
  return row;
}

/**
 * myAccountUpdate: a rename, or a new key checked as a new account's (the limits counted when it reconnects an
 * account that did not count), which reconnects the account with the balance read. A refused key changes nothing.
 */
export async function updateAccount(
  db: Db,
  config: Pick<ServerConfig, 'production'>,
  tenant: TenantRow,
  user: UserRow,
  id: string,
  rawInput: unknown,
  now = new Date(),
) {
  const [current] = await db.select(viewColumns).from(exchangeAccounts).where(and(ownAccount(tenant.id, user.id), eq(exchangeAccounts.id, id)));
  if (!current) throw accountNotFound();
  const adapter = adapterFor(config);
  const { required } = await requiredFor(adapter, current.exchange);
  // Any credential given (api_key, secret or passphrase) is a new key: all of them are then required and checked,
  // never a secret silently ignored beside the old key.
  const newKey = givesNewKey(rawInput as Partial<Record<CredentialField, unknown>> | null);
  const input = parsed(accountUpdateSchema(required, newKey), rawInput);
  if (!newKey) {
    await db
      .update(exchangeAccounts)
      .set({ name: input.name, updatedAt: now })
      .where(and(ownAccount(tenant.id, user.id), eq(exchangeAccounts.id, id)));
    return memberAccount(db, tenant, user, id);
  }
  const credentials = { api_key: input.api_key!, secret: input.secret!, passphrase: input.passphrase ?? null };
  await refuseWhileSuspended(db, user.id);
  const reconnects = current.status === 'disconnected';
  if (reconnects) await refuseBeyondLimits(db, user.id, current.exchange, now);
  await countKeyCheck(db, user.id);
  const reading = await checkKey(adapter, current.exchange, credentials);
  const { sealed } = await sealCredentials(db, current.id, current.exchange, credentials, required.includes('passphrase'));
  try {
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      await lockMember(tx, user.id);
      const account = await lockAccount(tx, tenant, user, id);
      await refuseWhileSuspended(tx, user.id);
      if (account.status === 'disconnected') await refuseBeyondLimits(tx, user.id, account.exchange, now);
      await tx
        .update(exchangeAccounts)
        .set({
          name: input.name,
          ...sealed,
          status: 'connected',
          balance: reading.balance,
          balanceCurrency: 'USDT',
          balanceReadAt: now,
          disconnectReason: null,
          disconnectedAt: null,
          suspensionCause: null,
          updatedAt: now,
        })
        .where(eq(exchangeAccounts.id, account.id));
    });
  } catch (error) {
    if (isUniqueViolation(error, 'exchange_accounts_key')) throw refused('ApiKeyInUse');
    throw error;
  }
  return memberAccount(db, tenant, user, id);
}

/** myAccountDisconnect: one conditional update, and its connections stop in the same transaction (copy-stop.ts);
 * an account already disconnected answers as it is. */
export async function disconnectAccount(db: Db, tenant: TenantRow, user: UserRow, id: string, rawReason: unknown, now = new Date()) {
  const { reason } = parsed(disconnectReasonSchema, { reason: rawReason });
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const stopped = await tx
      .update(exchangeAccounts)
      .set({ status: 'disconnected', disconnectReason: reason, disconnectedAt: now, suspensionCause: null, updatedAt: now })
      .where(and(ownAccount(tenant.id, user.id), eq(exchangeAccounts.id, id), ne(exchangeAccounts.status, 'disconnected')))
      .returning({ id: exchangeAccounts.id });
    await stopAccountCopying(tx, stopped.map((account) => account.id), { status: 'disconnected', reason }, now);
  });
  return memberAccount(db, tenant, user, id);
}
