// The exchanges through ccxt (production; issue 31). ccxt is large, so it is imported on the first call that needs
// it, once, and never by a server that does not reach an exchange. A key is read with fetchBalance (its total
// USDT; markets are not loaded: a balance needs none) and, where ccxt reaches them, the key's rights: Binance
// sapiGetAccountApiRestrictions (enableWithdrawals, enableSpotAndMarginTrading / enableFutures), OKX
// privateGetAccountConfig (perm: read_only, trade, withdraw), Bybit privateGetV5UserQueryApi (readOnly,
// permissions.Wallet), KuCoin privateGetUserApiKey (permission), Bitget privateSpotGetV2SpotAccountInfo
// (authorities, regisTime). Gate, MEXC and Kraken do not tell here: their rights pass.
// ccxt's error classes become our reasons (mapCcxtError); anything else is ExchangeUnavailable, logged without
// the credentials.
import type { CredentialField } from '../../../domain/trading';
import { ExchangeError, type ExchangeAdapter, type ExchangeCredentials, type ExchangeFailure, type ExchangeInfo, type KeyReading } from './exchange-adapter';
import { ccxtClosedTrades } from './ccxt-trades';

/**
 * The exchanges offered, with ccxt's names and required credentials written down (tests/server/ccxt-adapter.test.ts
 * checks them against ccxt), so the sandbox and validation need not load ccxt. Only exchanges whose keys need no
 * more than apiKey, secret and password (our passphrase).
 */
export const curatedExchanges: readonly ExchangeInfo[] = [
  { id: 'binance', name: 'Binance', required_credentials: ['api_key', 'secret'] },
  { id: 'bybit', name: 'Bybit', required_credentials: ['api_key', 'secret'] },
  { id: 'okx', name: 'OKX', required_credentials: ['api_key', 'secret', 'passphrase'] },
  { id: 'kucoin', name: 'KuCoin', required_credentials: ['api_key', 'secret', 'passphrase'] },
  { id: 'bitget', name: 'Bitget', required_credentials: ['api_key', 'secret', 'passphrase'] },
  { id: 'gate', name: 'Gate', required_credentials: ['api_key', 'secret'] },
  { id: 'mexc', name: 'MEXC Global', required_credentials: ['api_key', 'secret'] },
  { id: 'kraken', name: 'Kraken', required_credentials: ['api_key', 'secret'] },
];

/** ccxt's credential names → ours. */
const credentialNames: Record<string, CredentialField> = { apiKey: 'api_key', secret: 'secret', password: 'passphrase' };

/** The little of a ccxt exchange instance this adapter uses. */
export interface CcxtExchange {
  id: string;
  name: string;
  requiredCredentials: Record<string, boolean>;
  markets: unknown;
  fetchImplementation?: unknown;
  fetchBalance(): Promise<{ total?: Record<string, number | undefined> }>;
  [method: string]: unknown;
}

type ErrorClass = abstract new (...args: never[]) => Error;

export interface CcxtModule {
  [exchange: string]: unknown;
  AuthenticationError: ErrorClass;
  AccountSuspended: ErrorClass;
  PermissionDenied: ErrorClass;
  OnMaintenance: ErrorClass;
  NetworkError: ErrorClass;
  ArgumentsRequired: ErrorClass;
}

/** `load`, run once and its promise kept; a failed load is forgotten, so the next call tries again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/** ccxt, imported once. (The specifier is a variable so the type check does not read ccxt's very large types.) */
export const loadCcxt: () => Promise<CcxtModule> = loadOnce(() => {
  const specifier = 'ccxt';
  return import(specifier).then((module: { default?: CcxtModule } & CcxtModule) => module.default ?? module);
});

/** The curated exchanges as ccxt describes them (names, required credentials): the test holds the list to it. */
export function exchangesFromCcxt(ccxt: CcxtModule): ExchangeInfo[] {
  return curatedExchanges.map(({ id }) => {
    const exchange = new (ccxt[id] as new () => CcxtExchange)();
    const required = Object.entries(exchange.requiredCredentials)
      .filter(([, needed]) => needed)
      .map(([name]) => credentialNames[name]);
    return { id, name: exchange.name, required_credentials: required.filter((name): name is CredentialField => Boolean(name)) };
  });
}

/** Codes exchanges answer when the key's IP whitelist does not hold the server's address (ccxt raises some as
 * PermissionDenied, KuCoin's 400006 and Binance's -2015 as AuthenticationError). */
const ipRefusals: Record<string, RegExp> = {
  okx: /"code"\s*:\s*"50110"/,
  bybit: /"retCode"\s*:\s*10010\b/,
  kucoin: /"code"\s*:\s*"400006"/,
  bitget: /"code"\s*:\s*"40018"/,
  // -2015 "Invalid API-key, IP, or permissions for action": an IP refusal only when it names the request's IP.
  binance: /"code"\s*:\s*-2015\b[^}]*request ip\s*:/i,
};

const refusesIp = (exchange: string, text: string) => ipRefusals[exchange]?.test(text) ?? false;

/** The reason a ccxt error carries. AccountSuspended and PermissionDenied are AuthenticationErrors in ccxt and
 * OnMaintenance a NetworkError: each is checked before its parent. */
export function mapCcxtError(ccxt: CcxtModule, exchange: string, error: unknown): ExchangeFailure | null {
  if (error instanceof ccxt.AccountSuspended) return 'ExchangeAccountSuspended';
  if (error instanceof ccxt.PermissionDenied) {
    const text = error.message;
    return refusesIp(exchange, text) || /\bip\b/i.test(text) ? 'IpNotAllowed' : 'ApiKeyCannotTrade';
  }
  if (error instanceof ccxt.AuthenticationError) return refusesIp(exchange, error.message) ? 'IpNotAllowed' : 'ApiKeyInvalid';
  if (error instanceof ccxt.OnMaintenance) return 'ExchangeMaintenance';
  // ExchangeNotAvailable, RequestTimeout, DDoSProtection and RateLimitExceeded are NetworkErrors.
  if (error instanceof ccxt.NetworkError) return 'ExchangeUnavailable';
  return null;
}

/** A message with every credential cut out (ccxt's messages hold the exchange's answer and the URL). */
export function withoutCredentials(message: string, credentials: ExchangeCredentials): string {
  return [credentials.api_key, credentials.secret, credentials.passphrase]
    .filter((value): value is string => Boolean(value && value.length >= 4))
    .reduce((text, value) => text.split(value).join('[credential]'), message)
    .replace(/signature=[0-9a-fA-F]+/g, 'signature=[signed]');
}

/** A ccxt unified amount as a Decimal string (ccxt parses the exchange's decimal text to a number; this gives it back). */
const decimalText = (amount: number | undefined) => {
  if (amount === undefined || !Number.isFinite(amount)) return '0';
  const text = String(amount);
  return /e/i.test(text) ? amount.toFixed(8) : text;
};

const flag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/** The names of a right list ("General,Spot" or ["trade", "readonly"]), trimmed and lower-cased. */
const rightsList = (value: unknown): string[] | null => {
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : null;
  return list ? list.filter((right): right is string => typeof right === 'string').map((right) => right.trim().toLowerCase()) : null;
};

/** The key's rights where ccxt reaches them; null where the exchange does not tell. */
async function readRights(exchange: CcxtExchange): Promise<Pick<KeyReading, 'canTrade' | 'canWithdraw' | 'accountCreatedAt'>> {
  const call = (method: string) => (exchange[method] as () => Promise<Record<string, unknown>>).call(exchange);
  const unknown = { canTrade: null, canWithdraw: null, accountCreatedAt: null };
  if (exchange.id === 'binance') {
    const restrictions = await call('sapiGetAccountApiRestrictions');
    const spot = flag(restrictions.enableSpotAndMarginTrading);
    const futures = flag(restrictions.enableFutures);
    return { ...unknown, canTrade: spot === null && futures === null ? null : Boolean(spot || futures), canWithdraw: flag(restrictions.enableWithdrawals) };
  }
  if (exchange.id === 'okx') {
    const config = await call('privateGetAccountConfig');
    const rights = rightsList((config.data as { perm?: unknown }[] | undefined)?.[0]?.perm);
    if (!rights) return unknown;
    return { ...unknown, canTrade: rights.includes('trade'), canWithdraw: rights.includes('withdraw') };
  }
  if (exchange.id === 'bybit') {
    // The key's own information (ccxt reads it too, to know whether the account is unified): readOnly 1 may not
    // trade; a Wallet permission holding "Withdraw" may withdraw.
    const answer = await call('privateGetV5UserQueryApi');
    const result = answer.result as { readOnly?: unknown; permissions?: { Wallet?: unknown } } | undefined;
    const readOnly = result?.readOnly;
    const wallet = rightsList(result?.permissions?.Wallet);
    return {
      ...unknown,
      canTrade: readOnly === 0 || readOnly === '0' ? true : readOnly === 1 || readOnly === '1' ? false : null,
      canWithdraw: wallet ? wallet.includes('withdraw') : null,
    };
  }
  if (exchange.id === 'kucoin') {
    // GET /api/v1/user/api-key: permission "General,Spot,Margin,Futures,Withdrawal,..." (General only reads).
    const answer = await call('privateGetUserApiKey');
    const rights = rightsList((answer.data as { permission?: unknown } | undefined)?.permission);
    if (!rights) return unknown;
    return {
      ...unknown,
      canTrade: rights.some((right) => ['trade', 'spot', 'margin', 'futures'].includes(right)),
      canWithdraw: rights.includes('withdrawal'),
    };
  }
  if (exchange.id === 'bitget') {
    // GET /api/v2/spot/account/info: authorities ["readonly"], ["trade", "readonly"], ["withdraw", ...]; regisTime
    // is when the account was registered (ms).
    const answer = await call('privateSpotGetV2SpotAccountInfo');
    const data = answer.data as { authorities?: unknown; regisTime?: unknown } | undefined;
    const rights = rightsList(data?.authorities);
    const registered = Number(data?.regisTime);
    return {
      canTrade: rights ? rights.some((right) => right.includes('trade')) : null,
      canWithdraw: rights ? rights.some((right) => right.includes('withdraw')) : null,
      accountCreatedAt: Number.isFinite(registered) && registered > 0 ? new Date(registered) : null,
    };
  }
  // Gate, MEXC and Kraken do not tell a key's rights through ccxt: unknown rights pass (isQualifiedAccount, keyChecks).
  return unknown;
}

export interface CcxtAdapterOptions {
  /** Called on every new exchange instance (tests give it a recorded HTTP layer through fetchImplementation). */
  configure?: (exchange: CcxtExchange) => void;
  /** Where an unexpected error is reported (its message without the credentials). */
  log?: (line: string) => void;
  load?: () => Promise<CcxtModule>;
}

export function createCcxtAdapter(options: CcxtAdapterOptions = {}): ExchangeAdapter {
  const load = options.load ?? loadCcxt;
  const log = options.log ?? ((line: string) => console.error(line));
  /** A ccxt instance of a curated exchange with the key, and what it throws turned into an ExchangeError. */
  async function withExchange<T>(id: string, credentials: ExchangeCredentials, prepare: (exchange: CcxtExchange) => void, work: (exchange: CcxtExchange, ccxt: CcxtModule) => Promise<T>) {
    if (!curatedExchanges.some((known) => known.id === id)) throw new ExchangeError('ExchangeUnavailable', `No exchange ${id}.`);
    const ccxt = await load();
    const exchange = new (ccxt[id] as new (config: Record<string, unknown>) => CcxtExchange)({
      apiKey: credentials.api_key,
      secret: credentials.secret,
      password: credentials.passphrase ?? undefined,
      enableRateLimit: true,
      timeout: 15_000,
    });
    prepare(exchange);
    options.configure?.(exchange);
    try {
      return await work(exchange, ccxt);
    } catch (error) {
      if (error instanceof ExchangeError) throw error;
      const reason = mapCcxtError(ccxt, id, error);
      const message = withoutCredentials(error instanceof Error ? `${error.name}: ${error.message}` : String(error), credentials);
      if (!reason) log(`Exchange ${id} answered unexpectedly: ${message}`);
      throw new ExchangeError(reason ?? 'ExchangeUnavailable', message);
    }
  }
  return {
    sandbox: false,
    // From the curated list: offering the exchanges never loads ccxt (it is loaded by the first key check).
    async exchanges() {
      return [...curatedExchanges].sort((a, b) => a.name.localeCompare(b.name));
    },
    readKey(id, credentials) {
      return withExchange(
        id,
        credentials,
        // A balance needs no markets: without this, fetchBalance loads every market of the exchange first.
        (exchange) => (exchange.markets = {}),
        // Only Bitget tells the account's creation date here: unknown qualifies (isQualifiedAccount).
        async (exchange) => ({ balance: decimalText((await exchange.fetchBalance()).total?.USDT), ...(await readRights(exchange)) }),
      );
    },
    async closedTrades(source, from, to) {
      if (!source.credentials) return [];
      // Symbols need the exchange's markets: ccxt loads them on the first call.
      return withExchange(source.exchange, source.credentials, () => {}, (exchange, ccxt) => ccxtClosedTrades(exchange, source, from, to, ccxt.ArgumentsRequired));
    },
  };
}
