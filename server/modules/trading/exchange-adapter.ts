// The exchanges behind one interface (issue 31, DESIGN §6 adapters): which exchanges accounts can be added on with
// the credentials their keys need, and what a key can (its balance in USDT, its rights where the exchange tells,
// the account's creation date where it tells). Production answers through ccxt (ccxt-adapter.ts); outside
// production the sandbox (sandbox-adapter.ts) answers every exchange by the key's prefix. An exchange's refusal
// is thrown as one typed error carrying the domain reason; checkKey (service.ts) turns what was read into the
// first failed key check.
import type { AppErrorReason } from '../../../domain/app-error';
import type { CredentialField } from '../../../domain/trading';

export interface ExchangeInfo {
  /** ccxt's id */
  id: string;
  name: string;
  required_credentials: CredentialField[];
}

export interface ExchangeCredentials {
  api_key: string;
  secret: string;
  passphrase?: string | null;
}

/** What a key can, as read from its exchange; null where the exchange does not tell (an unknown right passes). */
export interface KeyReading {
  /** Total USDT on the account, a Decimal string. */
  balance: string;
  canTrade: boolean | null;
  canWithdraw: boolean | null;
  accountCreatedAt: Date | null;
}

/** The reasons an exchange's answer can carry (an exchange's refusal, or nothing decided). */
export type ExchangeFailure = Extract<
  AppErrorReason,
  'ApiKeyInvalid' | 'IpNotAllowed' | 'ExchangeAccountSuspended' | 'ApiKeyCannotTrade' | 'ApiKeyCanWithdraw' | 'AccountNotQualified' | 'ExchangeMaintenance' | 'ExchangeUnavailable'
>;

/** An exchange refused or could not answer; never carries the credentials. */
export class ExchangeError extends Error {
  constructor(
    readonly reason: ExchangeFailure,
    message: string = reason,
  ) {
    super(message);
    this.name = 'ExchangeError';
  }
}

/** The strategy account whose closed trades are read (issue 32): the sandbox makes its stream from the strategy. */
export interface TradeSource {
  strategyId: string;
  exchange: string;
  quoteAsset: string;
  /** 1-3: the sandbox's trade sizes and their spread grow with it. */
  risk: number;
  /** The equity the strategy started with (a Decimal string): the sandbox sizes its trades from it. */
  startEquity: string;
  /** No trade opens before it. */
  startedAt: Date;
  /** The strategy account's key (ccxt); null when the strategy has no account on this portal. */
  credentials: ExchangeCredentials | null;
}

/** A closed trade or position as the exchange told it: amounts, prices and PnL as Decimal strings, never numbers. */
export interface ClosedTradeReading {
  /** The exchange's own trade or position id (unique per strategy). */
  externalId: string;
  symbol: string;
  /** buy (a long) or sell (a short) */
  side: 'buy' | 'sell';
  amount: string;
  openPrice: string;
  closePrice: string;
  /** Realised, in the quote asset. */
  pnl: string;
  openedAt: Date;
  closedAt: Date;
}

export interface ExchangeAdapter {
  /** Whether this adapter is the sandbox (Exchange.sandbox). */
  readonly sandbox: boolean;
  /** The exchanges offered, by name. */
  exchanges(): Promise<ExchangeInfo[]>;
  /** Reads what the key can; throws ExchangeError. */
  readKey(exchange: string, credentials: ExchangeCredentials): Promise<KeyReading>;
  /** The trades the strategy's account closed after `from` and at or before `to`, oldest first; throws ExchangeError. */
  closedTrades(source: TradeSource, from: Date, to: Date): Promise<ClosedTradeReading[]>;
}
