import type { AppError } from '../../domain/app-error';
import type { DealField, DealInput } from '../../domain/deals';
import type { Deal } from './deals.types';

/** The answers as typed: every field a string ("" until chosen). */
export type DealValues = Record<DealField, string>;

export interface DealRequestInput {
  /** Made once per page by the app (a random id): the attempts' idempotency keys start with it. */
  keyPrefix: string;
  /** What the member typed before leaving the page (the app keeps it for this tab), or null. */
  draft: Partial<DealValues> | null;
}

export interface DealRequestContext {
  keyPrefix: string;
  values: DealValues;
  /** Each field's problem code found here ("required", "maxLength:100", "choice"). */
  fieldErrors: Partial<Record<DealField, string>>;
  error: AppError | null;
  attempt: number;
  idempotencyKey: string | null;
  /** The answers the current key was made for: the same request retried keeps its key. */
  attemptOf: string | null;
  deal: Deal | null;
}

export interface DealRequest {
  input: DealInput;
  idempotencyKey: string;
}

export type DealRequestEvent =
  | { type: 'field.change'; field: DealField; value: string }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'deal.submit' }
  | { type: 'deal.another' };
