import type { AppError, Outcome } from '../../domain/app-error';

export interface DepositInput {
  /** The tenant's currencies, its own first: the member chooses among them when they have wallets. */
  currencies: string[];
  /** The tenant's currency, chosen at first. */
  defaultCurrency: string;
  /** Made once per flow by the app (a random id): the attempts' idempotency keys start with it. */
  keyPrefix: string;
}

/** What is wrong with the typed amount (spec §5 "Deposit"): the view names the bound and the currency. */
export type DepositAmountError = 'required' | 'min' | 'max';

export interface DepositContext {
  /** The tenant's currencies (the input's). */
  offeredCurrencies: string[];
  /** The currencies shown to choose among: the tenant's when the member has wallets, else none (spec §2). */
  currencies: string[];
  defaultCurrency: string;
  keyPrefix: string;
  currency: string;
  /** The amount as typed: digits and one decimal point, 5 characters at most, no leading zero. */
  amount: string;
  amountError: DepositAmountError | null;
  error: AppError | null;
  attempt: number;
  idempotencyKey: string | null;
  /** What the current key was made for (amount and currency): the same deposit retried keeps the key. */
  attemptOf: string | null;
  /** The deposit's invoice, once made: its payment comes next (the child flow `payment`). */
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
  /** Deposit: the dialog opens; the member's wallets decide whether a currency is chosen. */
  | { type: 'dialog.open'; hasWallets: boolean }
  | { type: 'amount.change'; value: string }
  | { type: 'currency.select'; currency: string }
  | { type: 'deposit.submit' }
  | { type: 'dialog.close' };
