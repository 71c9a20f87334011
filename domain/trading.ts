// Exchange accounts and services (spec §3 Account and services, §5, calls §4, §8, §9): an account's fields, the
// checks a key passes before it is saved, the statuses, and what a service allows. The server validates with these
// schemas and the portal's form checks with the same pieces, so both name the same problems.
import * as v from 'valibot';
import { requiredText } from './validation';
import type { AppErrorReason } from './app-error';

/** Account or connection statuses (calls §4). An exchange account uses connected, disconnected, failed, suspended. */
export const connectionStatuses = [
  'connected',
  'disconnected',
  'paused',
  'active',
  'pending',
  'declined',
  'failed',
  'drawdown exceeded',
  'suspended',
] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/** The statuses an exchange account takes: connected; disconnected by the member; failed when its key stopped
 * working; suspended by the server (trading suspended or an invoice overdue more than 3 days). */
export const accountStatuses = ['connected', 'disconnected', 'failed', 'suspended'] as const satisfies readonly ConnectionStatus[];
export type AccountStatus = (typeof accountStatuses)[number];

/** The credentials an exchange's key may need (ccxt requiredCredentials apiKey, secret, password). */
export const credentialFields = ['api_key', 'secret', 'passphrase'] as const;
export type CredentialField = (typeof credentialFields)[number];

/** Account name at most 20 (spec §5, calls §9); disconnect reason at most 400. */
export const accountNameMax = 20;
export const disconnectReasonMax = 400;
export const apiKeyMax = 256;
export const secretMax = 512;
export const passphraseMax = 128;

/** A credential as exchanges issue it: no spaces inside (a pasted key keeps none), trimmed at the ends. */
const credential = (max: number) =>
  v.pipe(
    v.string('required'),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(max, `maxLength:${max}`),
    v.regex(/^\S+$/, 'credential'),
  );

const credentialSchemas = {
  api_key: credential(apiKeyMax),
  secret: credential(secretMax),
  passphrase: credential(passphraseMax),
} as const;

/** The key's fields for an exchange that needs `required` (exactly those; a passphrase only where needed). */
const keyEntries = (required: readonly CredentialField[]) => ({
  api_key: credentialSchemas.api_key,
  secret: credentialSchemas.secret,
  passphrase: required.includes('passphrase') ? credentialSchemas.passphrase : v.nullish(v.string()),
});

/** Adding an account: `exchanges` are the ids offered (moduleExchanges); `required` what the chosen one needs. */
export const accountInputSchema = (exchanges: readonly string[], required: readonly CredentialField[]) =>
  v.object({
    name: requiredText(accountNameMax),
    exchange: v.pipe(v.string('required'), v.nonEmpty('required'), v.picklist(exchanges, 'choice')),
    ...keyEntries(required),
  });
export type AccountInput = v.InferInput<ReturnType<typeof accountInputSchema>>;

/** An edit gives a new key once any of `fields` holds something: all the exchange needs are then required and checked
 * (never a secret taken silently beside the old key). */
export const givesNewKey = (
  values: Partial<Record<CredentialField, unknown>> | null | undefined,
  fields: readonly CredentialField[] = credentialFields,
) => fields.some((field) => typeof values?.[field] === 'string' && (values[field] as string).trim() !== '');

/** Editing an account: the name, and a new key (checked like a first one) when any credential is given. */
export const accountUpdateSchema = (required: readonly CredentialField[], newKey: boolean) =>
  v.object({
    name: requiredText(accountNameMax),
    ...(newKey
      ? keyEntries(required)
      : { api_key: v.nullish(v.string()), secret: v.nullish(v.string()), passphrase: v.nullish(v.string()) }),
  });

export const disconnectReasonSchema = v.object({ reason: requiredText(disconnectReasonMax) });

/**
 * The checks a key passes before anything is stored, in this order; the first that fails ends the check and
 * names its cause. The portal never needs the right to withdraw, so a key that has it is refused.
 */
export const keyChecks = ['credentials', 'balance', 'trading', 'withdrawal', 'qualified'] as const;
export type KeyCheck = (typeof keyChecks)[number];

/** The refusal each failed check gives (calls §8 for the key and the Free Plan). */
export const keyRefusals = {
  /** "API key invalid on an account connection: create a new key and edit the account." (ccxt AuthenticationError) */
  ApiKeyInvalid: 'credentials',
  /** The exchange refused the server's address: the key's IP whitelist does not hold it. */
  IpNotAllowed: 'credentials',
  /** The exchange suspended the account itself (ccxt AccountSuspended): not the key's fault. */
  ExchangeAccountSuspended: 'credentials',
  /** The key reads the account but may not trade. */
  ApiKeyCannotTrade: 'trading',
  /** The key may withdraw funds: refused, the portal never needs that right. */
  ApiKeyCanWithdraw: 'withdrawal',
  /** "Account not qualified for the Free Plan.": the exchange account was created before qualifiedSince. */
  AccountNotQualified: 'qualified',
} as const satisfies Partial<Record<AppErrorReason, KeyCheck>>;
export type KeyRefusal = keyof typeof keyRefusals;

export const isKeyRefusal = (reason: unknown): reason is KeyRefusal =>
  typeof reason === 'string' && Object.hasOwn(keyRefusals, reason);

/** Where the check stopped: each check before `failed` passed. (Maintenance or an unreachable exchange is no
 * check's failure: nothing was decided.) */
export function checkOutcome(reason: KeyRefusal): { passed: KeyCheck[]; failed: KeyCheck } {
  const failed = keyRefusals[reason];
  return { passed: keyChecks.slice(0, keyChecks.indexOf(failed)), failed };
}

/** A qualified exchange account was created on or after 1 June 2021 (calls §9). Unknown dates qualify: most
 * exchanges do not tell, and the rule is there to keep old accounts off the Free Plan where they do. */
export const qualifiedSince = '2021-06-01T00:00:00Z';
export const isQualifiedAccount = (createdAt: Date | null) => createdAt === null || createdAt >= new Date(qualifiedSince);

/** An invoice overdue by more than 3 days auto-disconnects the member's accounts from trading (calls §9). */
export const overdueDisconnectDays = 3;

/** Why the server suspended an account (its texts link to /invoices). */
export const suspensionCauses = ['overdue_invoices', 'trading_suspended'] as const;
export type SuspensionCause = (typeof suspensionCauses)[number];

/**
 * What a member may use without a service: the Free Plan, one exchange account on any exchange, no linkings.
 * Only services that set a limit give it: active services whose config sets investor_accounts (non-null) add
 * their accounts up (never below the Free Plan's) and join their exchanges (one of THEM with no exchanges listed:
 * any); services that set linkings add those up (never below the Free Plan's). A service that sets neither (a
 * signals service) changes nothing: the member keeps the Free Plan's limits.
 */
export const freePlan = { investor_accounts: 1, linkings: 0, exchanges: null as readonly string[] | null } as const;

export interface ServiceLimits {
  investor_accounts: number;
  linkings: number;
  /** The exchanges allowed; null: any. */
  exchanges: readonly string[] | null;
}

export interface ServiceConfigLike {
  investor_accounts?: number | null;
  linkings?: number | null;
  exchanges?: readonly string[] | null;
}

const isSet = (value: number | null | undefined): value is number => value !== null && value !== undefined;

/** The limits a member's active services give together (see freePlan): the Free Plan's where none sets them. */
export function serviceLimits(active: readonly ServiceConfigLike[]): ServiceLimits {
  const accountServices = active.filter((config) => isSet(config.investor_accounts));
  const linkingServices = active.filter((config) => isSet(config.linkings));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const anyExchange = accountServices.some((config) => !config.exchanges || config.exchanges.length === 0);
  return {
    investor_accounts:
      accountServices.length === 0
        ? freePlan.investor_accounts
        : Math.max(freePlan.investor_accounts, sum(accountServices.map((config) => config.investor_accounts as number))),
    linkings:
      linkingServices.length === 0 ? freePlan.linkings : Math.max(freePlan.linkings, sum(linkingServices.map((config) => config.linkings as number))),
    exchanges:
      accountServices.length === 0 || anyExchange
        ? freePlan.exchanges
        : [...new Set(accountServices.flatMap((config) => config.exchanges ?? []))],
  };
}

/** A service's usage (Service.usage): what the member's accounts and connections take of its config. */
export const serviceUsageSchema = v.object({
  investor_accounts: v.number(),
  linkings: v.number(),
  /** Distinct exchanges the member's accounts are on. */
  exchanges: v.number(),
  /** Traded this period, in the config's trading_volume_currency (a Decimal string). */
  trading_volume: v.string(),
});
export type ServiceUsage = v.InferOutput<typeof serviceUsageSchema>;

/** Adding an account on `exchange` to `accounts` already held: null when the limits allow it. */
export function accountLimitRefusal(
  limits: ServiceLimits,
  held: number,
  exchange: string,
): 'AccountLimitReached' | 'ExchangeNotInService' | null {
  if (limits.exchanges && !limits.exchanges.includes(exchange)) return 'ExchangeNotInService';
  if (held >= limits.investor_accounts) return 'AccountLimitReached';
  return null;
}

/** Shown instead of the key: its last 4 characters. */
export const keyHint = (apiKey: string) => apiKey.trim().slice(-4);
