import type { AppError, Outcome } from '../../domain/app-error';

export interface DepositInput {
  /** The tenant's currencies, its own first: the member chooses among them when they have wallets. */
  currencies: string[];
  /** The tenant's currency, chosen at first. */
  defaultCurrency: string;
  /** Made once per flow by the app (a random id): the attempts' idempotency keys start with it. */
  keyPrefix: string;
  /**
   * A deposit opened from an invoice's payment (the balance was short): the dialog opens at once with this
   * amount in the default currency (no choice), and the flow ends when it is paid or closed, handing the
   * member back to that payment (DepositOutput).
   */
  forPayment?: { amount: string };
  /** The amount the member typed before and did not deposit (a draft that survived an expired session). */
  draftAmount?: string | null;
}

/** How a deposit opened from an invoice's payment ended: paid, or closed before it was paid. */
export interface DepositOutput {
  paid: boolean;
}

/** What is wrong with the typed amount (spec §5 "Deposit"): the view names the bound and the currency. */
export type DepositAmountError = 'required' | 'min' | 'max';

export interface DepositContext {
  /** The tenant's currencies (the input's). */
  offeredCurrencies: string[];
  /** The currencies shown to choose among (spec §2): when the member has wallets, those of their fiat wallets the
   * tenant takes (the tenant's when there are none); without wallets none. */
  currencies: string[];
  defaultCurrency: string;
  keyPrefix: string;
  currency: string;
  /** The amount as typed: digits and one decimal point, 5 characters at most, no leading zero. */
  amount: string;
  /** An amount typed before and not deposited (the input's draft): the first opening starts from it. */
  draftAmount: string | null;
  amountError: DepositAmountError | null;
  error: AppError | null;
  attempt: number;
  idempotencyKey: string | null;
  /** What the current key was made for (amount and currency): the same deposit retried keeps the key. */
  attemptOf: string | null;
  /** The deposit's invoice, once made: its payment comes next (the child flow `payment`). */
  invoiceId: string | null;
  /** Opened from an invoice's payment: the amount it needs (the input's), else null. */
  forPaymentAmount: string | null;
  /** The deposit was paid (the output of a deposit opened from an invoice's payment). */
  paid: boolean;
}

export interface DepositRequest {
  amount: string;
  currency: string;
  idempotencyKey: string;
}

/** depositFunds: the deposit's invoice, or the amount refused with the bound (AmountOutOfRange). */
export type DepositOutcome = Outcome<{ invoiceId: string }, 'AmountOutOfRange'>;

export type DepositEvent =
  /** Deposit: the dialog opens; the member's wallets decide whether a currency is chosen, and among which
   * (the currencies of their fiat wallets, spec §2). */
  | { type: 'dialog.open'; hasWallets: boolean; fiatCurrencies: string[] }
  | { type: 'amount.change'; value: string }
  | { type: 'currency.select'; currency: string }
  | { type: 'deposit.submit' }
  | { type: 'dialog.close' };
