// Exchange accounts and services (issue 31; server/schema.graphql "exchange accounts and services"). A key is
// checked with its exchange (checkKey: the adapter reads it, domain keyChecks judge it in order) OUTSIDE any
// transaction, after everything that can refuse without the exchange (validation, suspension, overdue invoices,
// the services' limits, the per-member rate limit of key checks). Then one transaction (withIdempotency) locks the
// member's row, counts the accounts and checks the suspension again under that lock (so parallel creates never
// pass the limit), checks the key's fingerprint and writes the account with its key sealed (secrets.ts).
// Every operation needs the spot or the futures module.
import * as v from 'valibot';
import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { ServerConfig } from '../../config';
import { withIdempotency } from '../../db/idempotency';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../context';
import { appError, validationError } from '../../errors';
import { LimitReached, count } from '../../security/rate-limit';
import { tooManyAttempts } from '../../security/throttle';
import {
  accountInputSchema,
  accountLimitRefusal,
  accountUpdateSchema,
  disconnectReasonSchema,
  isQualifiedAccount,
  keyChecks,
  keyHint,
  keyRefusals,
  overdueDisconnectDays,
  serviceLimits,
  serviceUsageSchema,
  type CredentialField,
  type KeyCheck,
  type KeyRefusal,
  type ServiceConfigLike,
  type ServiceUsage,
} from '../../../domain/trading';
import type { AppErrorReason } from '../../../domain/app-error';
import { users } from '../account/tables';
import { invoices } from '../payments/tables';
import { hasModule, type TenantRow } from '../shell/service';
import { createCcxtAdapter, curatedExchanges } from './ccxt-adapter';
import { sandboxAdapter } from './sandbox-adapter';
import { ExchangeError, type ExchangeAdapter, type ExchangeCredentials, type KeyReading } from './exchange-adapter';
import { credentialsDigest, keyFingerprint, sealSecret, secretsKey } from './secrets';
import { exchangeAccounts, services } from './tables';

const day = 86_400_000;

/** Key checks a member may start: each reaches an exchange, whose limits are the server's. */
export const keyCheckLimit = { max: 10, windowMs: 10 * 60_000 } as const;

export async function requireTrading(db: Db, tenant: TenantRow): Promise<void> {
  const [spot, futures] = await Promise.all([hasModule(db, tenant.id, 'spot'), hasModule(db, tenant.id, 'futures')]);
  if (!spot && !futures) throw appError('not_found', 'This portal has no trading.');
}

let ccxtAdapter: ExchangeAdapter | undefined;

/** Production reaches the exchanges through ccxt; everywhere else the sandbox answers (DESIGN §7). */
export function adapterFor(config: Pick<ServerConfig, 'production'>): ExchangeAdapter {
  if (!config.production) return sandboxAdapter;
  ccxtAdapter ??= createCcxtAdapter();
  return ccxtAdapter;
}

/** The server's texts of the reasons (the portal shows its own translations, src/lib/app-error-text.ts). */
export const tradingRefusalText = {
  ApiKeyInvalid: 'API key invalid on an account connection: create a new key and edit the account.',
  IpNotAllowed: "The exchange refused our server's address: remove the key's IP restriction or add our server's address to it.",
  ApiKeyCannotTrade: 'This key cannot trade. Create a key with the trading right.',
  ApiKeyCanWithdraw: 'This key can withdraw funds. Create a key without the withdrawal right: the portal never needs it.',
  AccountNotQualified: 'Account not qualified for the Free Plan.',
  ExchangeMaintenance: 'The exchange is in maintenance. Nothing was saved: try again later.',
  ExchangeUnavailable: 'The exchange cannot be reached right now. Nothing was saved: try again in a minute.',
  ApiKeyInUse: 'This key is already connected as an account.',
  AccountLimitReached: 'Your services allow no more exchange accounts. Upgrade your tariff to add one.',
  ExchangeNotInService: 'Your services do not cover this exchange. Upgrade your tariff to add it.',
  AccountNotActive: 'Account not active: check the subscription and invoices.',
  OverdueInvoices: 'Copy trading suspended because of overdue invoices.',
} as const satisfies Partial<Record<AppErrorReason, string>>;

const refused = (reason: keyof typeof tradingRefusalText) => appError('conflict', tradingRefusalText[reason], { reason });
const accountNotFound = () => appError('not_found', 'Account or strategy not found.', { reason: 'AccountNotFound' });

/** The refusal of each key check that can fail on what was read (credentials fail as the exchange's error). */
const refusalOf = Object.fromEntries(
  (Object.entries(keyRefusals) as [KeyRefusal, KeyCheck][]).reverse().map(([reason, check]) => [check, reason]),
) as Partial<Record<KeyCheck, KeyRefusal>>;

function failedCheck(check: KeyCheck, reading: KeyReading): boolean {
  switch (check) {
    case 'credentials':
    case 'balance':
      return false;
    case 'trading':
      return reading.canTrade === false;
    case 'withdrawal':
      return reading.canWithdraw === true;
    case 'qualified':
      return !isQualifiedAccount(reading.accountCreatedAt);
  }
}

/** Reads the key through the adapter and runs the key checks in order: the first that fails refuses with its reason. */
export async function checkKey(adapter: ExchangeAdapter, exchange: string, credentials: ExchangeCredentials): Promise<KeyReading> {
  let reading: KeyReading;
  try {
    reading = await adapter.readKey(exchange, credentials);
  } catch (error) {
    if (error instanceof ExchangeError) throw refused(error.reason);
    throw error;
  }
  for (const check of keyChecks) {
    const reason = refusalOf[check];
    if (reason && failedCheck(check, reading)) throw refused(reason);
  }
  return reading;
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
  // The copy-trading connections arrive with their table (issue 32); until then an account serves none.
  connections: [] as never[],
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

/** Trading is suspended on the member (spec §3: the member suspended, or the security flag). */
const tradingSuspended = (member: Pick<UserRow, 'tradingSuspendedAt' | 'accountStatus'>) =>
  Boolean(member.tradingSuspendedAt) || member.accountStatus === 'suspended';

/** An unpaid invoice of the member overdue by more than overdueDisconnectDays at `now`. */
export const overdueInvoiceOf = (userId: PgColumn | number, now: Date) =>
  sql`exists(select 1 from ${invoices} where ${invoices.userId} = ${userId} and ${invoices.status} = 'unpaid'
    and ${invoices.dueDate} < ${new Date(now.getTime() - overdueDisconnectDays * day)})`;

/** Refuses while trading is suspended (AccountNotActive) or an invoice is overdue (OverdueInvoices), as read from `db` now. */
async function refuseWhileSuspended(db: Db, userId: number, now: Date) {
  const [member] = await db
    .select({
      tradingSuspendedAt: users.tradingSuspendedAt,
      accountStatus: users.accountStatus,
      overdueTraderFeeInvoices: users.overdueTraderFeeInvoices,
      overdue: sql<boolean>`${overdueInvoiceOf(users.id, now)}`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) throw accountNotFound();
  if (tradingSuspended(member)) throw refused('AccountNotActive');
  if (member.overdueTraderFeeInvoices > 0 || member.overdue) throw refused('OverdueInvoices');
}

/** A service is active while its status is and activated_till has not passed. */
const activeService = (now: Date) =>
  and(eq(services.status, 'active'), or(isNull(services.activatedTill), gt(services.activatedTill, now)));

type ServiceRow = typeof services.$inferSelect;

const configOf = (row: Pick<ServiceRow, 'investorAccounts' | 'linkings' | 'exchanges'>): ServiceConfigLike => ({
  investor_accounts: row.investorAccounts,
  linkings: row.linkings,
  exchanges: row.exchanges,
});

/** The member's accounts that count against the limits (not disconnected), and the distinct exchanges they are on. */
async function accountsHeld(db: Db, userId: number, except?: string) {
  const [row] = await db
    .select({ held: sql<number>`count(*)::int`, exchanges: sql<number>`count(distinct ${exchangeAccounts.exchange})::int` })
    .from(exchangeAccounts)
    .where(and(eq(exchangeAccounts.userId, userId), ne(exchangeAccounts.status, 'disconnected'), except ? ne(exchangeAccounts.id, except) : undefined));
  return { held: Number(row?.held ?? 0), exchanges: Number(row?.exchanges ?? 0) };
}

/** Refuses an account on `exchange` beyond what the member's active services (or the Free Plan) allow. */
async function refuseBeyondLimits(db: Db, userId: number, exchange: string, now: Date) {
  const [active, { held }] = await Promise.all([
    db.select().from(services).where(and(eq(services.userId, userId), activeService(now))),
    accountsHeld(db, userId),
  ]);
  const refusal = accountLimitRefusal(serviceLimits(active.map(configOf)), held, exchange);
  if (refusal) throw refused(refusal);
}

/** Counts one key check of the member before it starts (TooManyAttempts past keyCheckLimit). */
async function countKeyCheck(db: Db, userId: number) {
  try {
    await count(db, [{ key: `exchange-key-check:member:${userId}`, ...keyCheckLimit }]);
  } catch (error) {
    if (error instanceof LimitReached) throw tooManyAttempts(error.retryAfterSeconds, 'key checks');
    throw error;
  }
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

interface Sealed {
  apiKeySealed: string;
  secretSealed: string;
  passphraseSealed: string | null;
  keyFingerprint: string;
  apiKeyLast4: string;
}

async function sealKey(db: Db, exchange: string, credentials: ExchangeCredentials, needsPassphrase: boolean) {
  const key = await secretsKey(db);
  const passphrase = needsPassphrase ? (credentials.passphrase ?? null) : null;
  const sealed: Sealed = {
    apiKeySealed: sealSecret(key, credentials.api_key),
    secretSealed: sealSecret(key, credentials.secret),
    passphraseSealed: passphrase === null ? null : sealSecret(key, passphrase),
    keyFingerprint: keyFingerprint(key, exchange, credentials.api_key),
    apiKeyLast4: keyHint(credentials.api_key),
  };
  return { sealed, digest: credentialsDigest(key, exchange, { ...credentials, passphrase }) };
}

/** Locks the member's row (NO KEY UPDATE, as the other areas: the idempotency key's row holds KEY SHARE on it). */
const lockMember = (tx: Db, userId: number) => tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');

/** moduleExchanges: the list, by name; sandbox outside production. */
export async function moduleExchanges(config: Pick<ServerConfig, 'production'>) {
  const adapter = adapterFor(config);
  return (await adapter.exchanges()).map((exchange) => ({ ...exchange, sandbox: adapter.sandbox }));
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
  await refuseWhileSuspended(db, user.id, now);
  await refuseBeyondLimits(db, user.id, input.exchange, now);
  await countKeyCheck(db, user.id);
  const reading = await checkKey(adapter, input.exchange, input);
  const { sealed, digest } = await sealKey(db, input.exchange, input, required.includes('passphrase'));
  const request = { name: input.name, exchange: input.exchange, credentials: digest };
  const { id } = await withIdempotency(db, user.id, 'myAccountCreate', idempotencyKey, request, async (tx) => {
    await lockMember(tx, user.id);
    await refuseWhileSuspended(tx, user.id, now);
    await refuseBeyondLimits(tx, user.id, input.exchange, now);
    const [account] = await tx
      .insert(exchangeAccounts)
      .values({
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
  const apiKey = (rawInput as { api_key?: unknown } | null)?.api_key;
  const newKey = typeof apiKey === 'string' && apiKey.trim() !== '';
  const input = parsed(accountUpdateSchema(required, newKey), rawInput);
  if (!newKey) {
    await db
      .update(exchangeAccounts)
      .set({ name: input.name, updatedAt: now })
      .where(and(ownAccount(tenant.id, user.id), eq(exchangeAccounts.id, id)));
    return memberAccount(db, tenant, user, id);
  }
  const credentials = { api_key: input.api_key!, secret: input.secret!, passphrase: input.passphrase ?? null };
  await refuseWhileSuspended(db, user.id, now);
  const reconnects = current.status === 'disconnected';
  if (reconnects) await refuseBeyondLimits(db, user.id, current.exchange, now);
  await countKeyCheck(db, user.id);
  const reading = await checkKey(adapter, current.exchange, credentials);
  const { sealed } = await sealKey(db, current.exchange, credentials, required.includes('passphrase'));
  try {
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      await lockMember(tx, user.id);
      const account = await lockAccount(tx, tenant, user, id);
      await refuseWhileSuspended(tx, user.id, now);
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

/** myAccountDisconnect: one conditional update; an account already disconnected answers as it is. */
export async function disconnectAccount(db: Db, tenant: TenantRow, user: UserRow, id: string, rawReason: unknown, now = new Date()) {
  const { reason } = parsed(disconnectReasonSchema, { reason: rawReason });
  await db
    .update(exchangeAccounts)
    .set({ status: 'disconnected', disconnectReason: reason, disconnectedAt: now, updatedAt: now })
    .where(and(ownAccount(tenant.id, user.id), eq(exchangeAccounts.id, id), ne(exchangeAccounts.status, 'disconnected')));
  return memberAccount(db, tenant, user, id);
}

/** What the member uses of any service's config (the same for each of their services). */
export function usageOf(held: { held: number; exchanges: number }): ServiceUsage {
  return v.parse(serviceUsageSchema, {
    investor_accounts: held.held,
    // Linkings are copy-trading connections (issue 32), and the volume is traded through them: none before it.
    linkings: 0,
    exchanges: held.exchanges,
    trading_volume: '0.00',
  });
}

/** A service as the contract shows it: expired once past activated_till. */
export const serviceView = (row: ServiceRow, usage: ServiceUsage, now: Date) => ({
  id: String(row.id),
  product_id: row.productId === null ? null : String(row.productId),
  name: row.name,
  config: {
    investor_accounts: row.investorAccounts,
    linkings: row.linkings,
    exchanges: row.exchanges,
    trading_volume: row.tradingVolume,
    trading_volume_currency: row.tradingVolumeCurrency,
    risk_management: row.riskManagement,
  },
  usage,
  status: row.status === 'active' && row.activatedTill && row.activatedTill <= now ? 'expired' : row.status,
  type: row.type,
  activated_till: row.activatedTill?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Active first, then newest. */
export const byActiveFirst = (a: { status: string; created_at: string }, b: { status: string; created_at: string }) =>
  Number(b.status === 'active') - Number(a.status === 'active') || b.created_at.localeCompare(a.created_at);

/** myServices (and me.services): the member's services with their usage. */
export async function memberServices(db: Db, tenant: TenantRow | { id: number }, user: Pick<UserRow, 'id'>, now = new Date()) {
  const [rows, held] = await Promise.all([
    db.select().from(services).where(and(eq(services.tenantId, tenant.id), eq(services.userId, user.id))),
    accountsHeld(db, user.id),
  ]);
  const usage = usageOf(held);
  return rows.map((row) => serviceView(row, usage, now)).sort(byActiveFirst);
}

