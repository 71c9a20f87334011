import type { AppError, Outcome } from '../../domain/app-error';
import type { KeyRefusal } from '../../domain/trading';
import type { ExchangeAccountRow, ExchangeOption } from './trading.types';

/** The form as typed, by the contract's field names (ExchangeAccountInput); secrets stay until the account is saved. */
export interface AccountValues {
  name: string;
  exchange: string;
  api_key: string;
  secret: string;
  passphrase: string;
}

export type AccountField = keyof AccountValues;
/** Field codes (domain/trading.ts schemas, src/lib/field-errors.ts), by field. */
export type AccountFieldErrors = Partial<Record<AccountField, string>>;

/** Adding an account, or editing one (its name, and a new key when one is typed). */
export type ExchangeAccountInput =
  | { mode: 'add'; exchanges: ExchangeOption[]; keyPrefix: string }
  | { mode: 'edit'; exchanges: ExchangeOption[]; keyPrefix: string; account: ExchangeAccountRow };

/** Named outcomes of saving that are not the key's own checks: nothing was decided, or the services do not allow it. */
export type UndecidedReason = 'ExchangeMaintenance' | 'ExchangeUnavailable';
export type LimitReason = 'AccountLimitReached' | 'ExchangeNotInService';
export type SaveRefusal = KeyRefusal | UndecidedReason | LimitReason;

export interface ExchangeAccountContext {
  mode: 'add' | 'edit';
  keyPrefix: string;
  exchanges: ExchangeOption[];
  /** The account edited; once saved, the account as the server answered. */
  account: ExchangeAccountRow | null;
  values: AccountValues;
  fieldErrors: AccountFieldErrors;
  /** The last save's failure (a refusal by name or an unexpected one), until the next save. */
  error: AppError | null;
  /** The reason the last save was refused by name (the key's checks, maintenance, the services' limits). */
  refusal: SaveRefusal | null;
  attempt: number;
  idempotencyKey: string | null;
  /** What the current key was made for (the values sent): the same answers sent again keep their key. */
  attemptOf: string | null;
}

/** What is sent: the account to edit (null: a new one), the contract's input and the attempt's key. */
export interface SaveAccountRequest {
  accountId: string | null;
  input: { name: string; exchange: string; api_key: string | null; secret: string | null; passphrase: string | null };
  idempotencyKey: string;
}

/** myAccountCreate / myAccountUpdate: the account saved, or refused by name. */
export type SaveAccountOutcome = Outcome<ExchangeAccountRow, SaveRefusal>;

export type ExchangeAccountEvent =
  | { type: 'form.open' }
  | { type: 'form.cancel' }
  | { type: 'field.change'; field: AccountField; value: string }
  | { type: 'account.submit' };
