import type { AppError, Outcome } from '../../domain/app-error';

export interface DepositInput {
  /** The currencies the member may deposit in (shown when the member has wallets); empty: the tenant's only. */
  currencies: string[];
  /** The tenant's currency, chosen at first. */
  defaultCurrency: string;
  /** Made once per opening of the dialog: the attempts' idempotency keys start with it. */
  keyPrefix: string;
}

/** What is wrong with the typed amount (spec §5 "Deposit"): the view names the bound and the currency. */
export type DepositAmountError = 'required' | 'min' | 'max';

export interface DepositContext extends DepositInput {
  currency: string;
  /** The amount as typed: digits and one decimal point, 5 characters at most, no leading zero. */
  amount: string;
  amountError: DepositAmountError | null;
  error: AppError | null;
  attempt: number;
  idempotencyKey: string | null;
  /** What the current key was made for (amount and currency): the same deposit retried keeps the key. */
  attemptOf: string | null;
  /** The deposit's invoice, once made: its payment comes next. */
  invoiceId: string | null;
}

export interface DepositRequest {
  amount: string;
  currency: string;
  idempotencyKey: string;
}

/** depositFunds: the deposit's invoice, or the amount refused with the bound (AmountOutOfRange). */
export type DepositOutcome = Outcome<{ invoiceId: string }, 'AmountOutOfRange'>;

export type DepositEvent =
  | { type: 'amount.change'; value: string }
  | { type: 'currency.select'; currency: string }
  | { type: 'deposit.submit' }
  | { type: 'dialog.close' };

/** The deposit's invoice to pay (steps 2-5 are the invoice payment's), or nothing when closed. */
export type DepositOutput = { invoiceId: string } | null;
