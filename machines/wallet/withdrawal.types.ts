import type { AppError, Outcome } from '../../domain/app-error';
import type { Decimal } from '../../domain/money';
import type { WithdrawalMethod, WithdrawalStatus } from '../../domain/ledger';
import type { WithdrawalSuspension } from '../../domain/withdrawal-fields';
import type { WithdrawalFieldErrors, WithdrawalFormValues, WithdrawalLimits } from './withdrawal.schema';

/** A saved payout template (spec §3 "Withdrawal template": name, type) with its masked destination. */
export interface WithdrawalTemplateOption {
  id: string;
  name: string;
  type: WithdrawalMethod;
  destination: string | null;
}

/** What the form starts from: the wallets with their bounds, the templates, and whether the member may withdraw. */
export interface WithdrawalSetup {
  currencies: WithdrawalLimits[];
  templates: WithdrawalTemplateOption[];
  /** Two-factor is on (a withdrawal needs it, spec §6). */
  twofa: boolean;
  /** Withdrawals are suspended (spec §3, §6, §8), and why, when the server said (it may not have, for old servers). */
  suspended: boolean;
  suspendedReason: WithdrawalSuspension | null;
}

/** The request the server made. */
export interface RequestedWithdrawal {
  id: string;
  currency: string;
  amount: Decimal;
  status: WithdrawalStatus;
  destination: string;
}

export interface WithdrawalContext {
  setup: WithdrawalSetup;
  /** The values last sent (kept while the server answers, and after it refused them). */
  values: WithdrawalFormValues | null;
  /** The form's own rules, field by field (codes), from the last refused submit. */
  fieldErrors: WithdrawalFieldErrors;
  error: AppError | null;
  requested: RequestedWithdrawal | null;
}

export interface WithdrawalInput {
  setup: WithdrawalSetup;
}

export type WithdrawalEvent =
  /** The values with the wallets as the form shows them now (balances change after a request or a cancel). */
  | { type: 'withdrawal.submit'; values: WithdrawalFormValues; setup: WithdrawalSetup }
  /** Another request, with the wallets as they are now (the last one moved an amount). */
  | { type: 'withdrawal.again'; setup: WithdrawalSetup };

/**
 * A request: made, or refused by name: a wrong or used two-factor code, too many wrong codes, the balance
 * no longer covering it, suspended or two-factor turned off meanwhile (another tab), a key reused.
 */
export type RequestWithdrawalOutcome = Outcome<
  RequestedWithdrawal,
  'TwoFaCodeError' | 'TooManyAttempts' | 'InsufficientBalance' | 'WithdrawalsSuspended' | 'TwoFaRequired' | 'IdempotencyKeyReused'
>;
