// Errors as machines and views hold them: plain JSON with a code, never an Error object or UI text.
// `message` is the server's own wording where the message-selection rules (spec §8) say to show it.
// The reasons and categories below are the contract's: the reference server (server/errors.ts) sends
// exactly these, so guards, `appErrorText` and the server are all checked by the compiler.

/** extensions.category of a GraphQL error (DESIGN §6). */
export type ErrorCategory =
  | 'validation'
  | 'authentication'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'not_implemented'
  | 'internal'
  /** The server cannot serve the request now (it is stopping): nothing was done; retry after `retry_after` s (HTTP 503). */
  | 'unavailable';

/** extensions.reason: the named outcomes a flow reacts to (spec §8 and the server's own). */
export const appErrorReasons = [
  /** Login: the account has two-factor on and no code was sent: show the code field (spec §8). */
  'TwoFaError',
  /** Login: the two-factor code was wrong; the field stays (spec §8). */
  'TwoFaCodeError',
  /** Registration: the address is registered but not verified: go to the code step (spec §8). */
  'NotVerified',
  /** "User not found or not active" (spec §8). */
  'UserNotFound',
  /** Wrong login or password (spec §8 "Invalid login"). */
  'InvalidLogin',
  /** No tenant has this whitelabel_uuid. */
  'TenantNotFound',
  /** A rate limit: `retryAfter` says how long to wait. */
  'TooManyAttempts',
  /** "Registration is possible via referral link only." (spec §8) */
  'ReferralLinkOnly',
  /** A mailed code expired or its attempts are used up. */
  'CodeExpired',
  /** A mailed link (verification, password reset) is unknown, used or old. */
  'InvalidLink',
  /** Single sign-on: the authorisation code was not accepted. */
  'InvalidOAuthCode',
  /** Two-factor activation while it is already on. */
  'TwoFaAlreadyOn',
  /** Two-factor deactivation while it is already off. */
  'TwoFaAlreadyOff',
  /** Two-factor activation without a live secret (none generated, or voided by wrong codes). */
  'TwoFaNotStarted',
  /** A typed code is not the one sent (a verify reply with nothing, spec §7 "Reactions"). */
  'WrongCode',
  /** Promo check: no such code for this tenant (unknown, inactive or reserved for another member). */
  'PromoNotFound',
  /** Promo check: the code's expires_at has passed. */
  'PromoExpired',
  /** Promo check: the code reached its max_usage_limit. */
  'PromoUsedUp',
  /** Promo check: this member has used the code as often as it allows. */
  'PromoAlreadyUsed',
  /** Invoice creation: the promo code does not cover every product of the order (spec §4 "Promo code"). */
  'PromoNotCovering',
  /** The cart order is not the caller's, or no longer the active cart (spec §4 "Cart"). */
  'OrderNotFound',
  /** Invoice creation from a cart without lines. */
  'CartEmpty',
  /** The invoice is unknown or another member's (answers not found, never forbidden). */
  'InvoiceNotFound',
  /** Paying or choosing a gateway for an invoice that is already paid. */
  'InvoiceAlreadyPaid',
  /** "Insufficient balance for an invoice." (spec §8) */
  'InsufficientBalance',
  /** An investment plan that has finished (ran to term or was stopped) cannot be stopped or quoted. */
  'InvestmentFinished',
  /** A merchant's quote past its 15-minute rate lock: it is quoted again, never paid. */
  'QuoteExpired',
  /** A merchant's quote that is not the member's (or does not exist). */
  'QuoteNotFound',
  /** "Fundraising finished, so no investing." (calls §8): the project finished, passed its end, or reached its goal. */
  'FundraisingFinished',
  /** A crowdfunding investment above what the member's tariff still allows in the project (spec §6). */
  'TariffCap',
  /** A crowdfunding investment above what is left of the project's goal (a hard cap). */
  'GoalExceeded',
  /** A raffle no longer on sale (filled, finished, or past its end). */
  'RaffleClosed',
  /** A premium raffle entered without a tariff that gives access (spec §6). */
  'PremiumRequired',
  /** Fewer tickets left than asked for. */
  'SoldOut',
  /** More tickets than one member may hold in the raffle. */
  'MaxTicketsReached',
  /** "A license request is impossible when no products are bought" (calls §8): no bought product carries licenses. */
  'NoProductsBought',
  /** "… or all licenses are already issued or under review" (calls §8). */
  'NoLicensesLeft',
  /** The rates adapter cannot price the asset right now. */
  'RatesUnavailable',
  /** "This payment gateway is temporarily unavailable." (spec §8; the portal adds the support link) */
  'GatewayUnavailable',
  /** "We do not support automatic payment acceptance (contact support)." (spec §8) */
  'AutomaticAcceptanceOff',
  /** Deposit amount outside 10-50000 (spec §5, §9); the message names the bound and the currency. */
  'AmountOutOfRange',
  /** An idempotency key sent again with other arguments than its first call. */
  'IdempotencyKeyReused',
  /** whitelabel_uuid, a session or a mailed link belongs to another tenant than the host's. */
  'TenantMismatch',
  /** The tenant signs members in through single sign-on only: no password sign-in, registration or reset. */
  'SingleSignOnOnly',
  /** A two-factor change (turning it off) was sent without the code mailed by generateEmailVerificationCode. */
  'EmailCodeRequired',
  /** Upgrade: the purchase is not an active tariff, or the product is not one of its upgrades (spec §6 has_upgrades). */
  'UpgradeNotAvailable',
  /** Upgrade: no active purchase of this member has this uuid. */
  'PurchaseNotFound',
  /** Subscription: the tenant offers no platform subscription, or none for this period. */
  'SubscriptionUnavailable',
  /** Subscription: only the tenant's owners activate the platform subscription (spec §6). */
  'NotTenantOwner',
  /** A withdrawal needs two-factor authentication on (spec §6 "withdrawal requires 2FA"). */
  'TwoFaRequired',
  /** Withdrawals are suspended: the account suspended, overdue invoices (spec §6, §8) or transfers on hold. */
  'WithdrawalsSuspended',
  /** The withdrawal is unknown or another member's. */
  'WithdrawalNotFound',
  /** Only a `new` withdrawal can be canceled. */
  'WithdrawalNotCancelable',
  /** "You do not have access to this level" (spec §6 team level access, §8). */
  'LevelAccessDenied',
  /** Paying an invoice that was canceled (a cart invoice holding a promo code expired at its due date unpaid). */
  'InvoiceCanceled',
  /** Paying an upgrade invoice replaced by a newer upgrade checkout, or whose current tariff no longer runs. */
  'UpgradeStale',
  /** "API key invalid on an account connection: create a new key and edit the account." (calls §8; ccxt AuthenticationError) */
  'ApiKeyInvalid',
  /** The exchange refused the server's address: the key's IP whitelist does not hold it. */
  'IpNotAllowed',
  /** The exchange suspended (froze, banned) the account itself: a new key does not help; the member settles it with the exchange. */
  'ExchangeAccountSuspended',
  /** The key reads the account but may not trade. */
  'ApiKeyCannotTrade',
  /** The key may withdraw funds: refused, the portal never needs that right. */
  'ApiKeyCanWithdraw',
  /** "Account not qualified for the Free Plan." (calls §8, §9: created before 1 June 2021) */
  'AccountNotQualified',
  /** The exchange is in maintenance: nothing was checked or stored; try again later. */
  'ExchangeMaintenance',
  /** The exchange cannot be reached now (network, rate limit): nothing was checked or stored; try again later. */
  'ExchangeUnavailable',
  /** This exchange key is already used by an account on this portal ("If it is yours, edit that account."). */
  'ApiKeyInUse',
  /** The member's services (or the Free Plan) allow no more exchange accounts (Service.config.investor_accounts). */
  'AccountLimitReached',
  /** The member's services do not cover this exchange (Service.config.exchanges). */
  'ExchangeNotInService',
  /** "Account or strategy not found." (calls §8) */
  'AccountNotFound',
  /** "Account not active: check the subscription and invoices." (calls §8): trading is suspended on the member. */
  'AccountNotActive',
  /** "Copy trading suspended ... because of overdue invoices." (calls §8; an invoice overdue more than 3 days) */
  'OverdueInvoices',
  /** A member asked to follow a strategy they run themselves. */
  'OwnStrategy',
  /** "Linking is impossible during the probation period." (calls §8): the strategy is new. */
  'StrategyInProbation',
  /** "A trader reached the maximum number of followers." (calls §8) */
  'StrategyFull',
  /** The member's services (the Free Plan allows none) allow no more linkings (Service.config.linkings). */
  'LinkingLimitReached',
  /** The exchange account already follows, or asked to follow, a strategy. */
  'AlreadyLinked',
  /** The exchange account's balance is under the strategy's minimum deposit. */
  'BelowMinimumDeposit',
  /** Deciding a link request already accepted, declined or expired. */
  'RequestDecided',
  /** Pausing, resuming or changing a connection whose status no longer allows it (it stopped meanwhile). */
  'ConnectionStateChanged',
] as const;

export type AppErrorReason = (typeof appErrorReasons)[number];

export const isAppErrorReason = (value: unknown): value is AppErrorReason =>
  typeof value === 'string' && (appErrorReasons as readonly string[]).includes(value);

export type AppErrorCode =
  /** The request never got an answer: show the default message. */
  | 'network'
  /** "Internal server error" or a masked error: show the default message. */
  | 'internal'
  /** Validation category: `message` holds every field message, one per line. */
  | 'validation'
  /** Authentication category (bad or expired token, failed sign-in): see `reason`. */
  | 'authentication'
  /** "User not found or not active": the user-not-found text, the invalid-login text on login. */
  | 'userNotFound'
  /** Wrong email or password. */
  | 'invalidLogin'
  /** A verification code was not accepted (spec §8 "Incorrect verification code"). */
  | 'invalidCode'
  /** The server could not serve the request now (it was restarting, HTTP 503): retrying helps. */
  | 'unavailable'
  /** Any other server error: `message` is its first message. */
  | 'server'
  /** Nothing usable came back: "Unknown Error". */
  | 'unknown';

export interface AppError {
  code: AppErrorCode;
  /** Named outcome from extensions.reason. */
  reason?: AppErrorReason;
  /** extensions.category as the server sent it. */
  category?: ErrorCategory;
  message?: string;
  fields?: Record<string, string[]>;
  /** Field codes (domain/validation.ts and the server's own), when the server sends them. */
  fieldCodes?: Record<string, string[]>;
  /** Seconds to wait before trying again (rate limits). */
  retryAfter?: number;
}

export const isAppError = (value: unknown): value is AppError =>
  typeof value === 'object' && value !== null && typeof (value as AppError).code === 'string' && !(value instanceof Error);

/**
 * What an actor resolves with when the spec names its outcomes (DESIGN §3): success with its value, or
 * a named failure the machine routes by guards on `onDone`. Unexpected failures still reject (onError).
 */
export type Outcome<TValue, TReason extends AppErrorReason> =
  { ok: true; value: TValue } | { ok: false; reason: TReason; error: AppError };

export const succeeded = <TValue>(value: TValue) => ({ ok: true, value }) as const;

/** The named failure a done event carries (`{ ok: false, reason }`), or null: for guards on `onDone`. */
export function failureOf(event: unknown): AppErrorReason | null {
  const output = (event as { output?: { ok?: boolean; reason?: AppErrorReason } }).output;
  return output && output.ok === false && output.reason ? output.reason : null;
}

/** The error of a named failure (for assigning it), or of an unexpected one (`onError`). */
export function errorOf(event: unknown): AppError {
  const { output, error } = event as { output?: { ok?: boolean; error?: AppError }; error?: unknown };
  if (output && output.ok === false && output.error) return output.error;
  return isAppError(error) ? error : { code: 'unknown' };
}

/** The value of an outcome a guard has found to be a success. */
export function valueOf<TValue>(output: Outcome<TValue, AppErrorReason>): TValue {
  if (!output.ok) throw new Error(`Expected a success, got ${output.reason}`);
  return output.value;
}
