// Checking an exchange key (issue 31): the adapter for the environment (ccxt in production, the sandbox elsewhere),
// the per-member limit of key checks (counted before the check, which reaches an exchange), and checkKey: the
// adapter reads the key, domain keyChecks judge what it read in order, and the first failed check refuses with
// its reason. Always outside a transaction: no lock is held over the network.
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { appError } from '../../errors';
import { LimitReached, count } from '../../security/rate-limit';
import { tooManyAttempts } from '../../security/throttle';
import { isQualifiedAccount, keyChecks, keyRefusals, type KeyCheck, type KeyRefusal } from '../../../domain/trading';
import type { AppErrorReason } from '../../../domain/app-error';
import { createCcxtAdapter } from './ccxt-adapter';
import { sandboxAdapter } from './sandbox-adapter';
import { ExchangeError, type ExchangeAdapter, type ExchangeCredentials, type KeyReading } from './exchange-adapter';

/** Key checks a member may start: each reaches an exchange, whose limits are the server's. */
export const keyCheckLimit = { max: 10, windowMs: 10 * 60_000 } as const;

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
  ExchangeAccountSuspended: 'The exchange has suspended this account. Settle it with the exchange, then try again.',
  ApiKeyCannotTrade: 'This key cannot trade. Create a key with the trading right.',
  ApiKeyCanWithdraw: 'This key can withdraw funds. Create a key without the withdrawal right: the portal never needs it.',
  AccountNotQualified: 'Account not qualified for the Free Plan.',
  ExchangeMaintenance: 'The exchange is in maintenance. Nothing was saved: try again later.',
  ExchangeUnavailable: 'The exchange cannot be reached right now. Nothing was saved: try again in a minute.',
  ApiKeyInUse: 'This key is already used by an account on this portal. If it is yours, edit that account.',
  AccountLimitReached: 'Your services allow no more exchange accounts. Upgrade your tariff to add one.',
  ExchangeNotInService: 'Your services do not cover this exchange. Upgrade your tariff to add it.',
  AccountNotActive: 'Account not active: check the subscription and invoices.',
  OverdueInvoices: 'Copy trading suspended because of overdue invoices.',
} as const satisfies Partial<Record<AppErrorReason, string>>;

export const refused = (reason: keyof typeof tradingRefusalText) => appError('conflict', tradingRefusalText[reason], { reason });

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

/** Counts one key check of the member before it starts (TooManyAttempts past keyCheckLimit). */
export async function countKeyCheck(db: Db, userId: number) {
  try {
    await count(db, [{ key: `exchange-key-check:member:${userId}`, ...keyCheckLimit }]);
  } catch (error) {
    if (error instanceof LimitReached) throw tooManyAttempts(error.retryAfterSeconds, 'key checks');
    throw error;
  }
}
