import type { AppError, Outcome } from '../../domain/app-error';
import type { LicenseStatus } from '../../domain/licenses';

/** A product the member bought that carries licenses, and how many are still free to request. */
export interface LicenseProduct {
  id: string;
  name: string;
  licensesTotal: number;
  licensesLeft: number;
  /** A trading-platform license: the request names the broker's server. */
  needsServer: boolean;
}

/** A license request as the list shows it. */
export interface LicenseRequestRow {
  id: string;
  productId: string;
  productName: string;
  brokerAccount: string;
  brokerServer: string | null;
  comment: string | null;
  status: LicenseStatus;
  /** Once accepted. */
  licenseKey: string | null;
  /** When declined. */
  declineReason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** Why no request can be made (calls §8). */
export type LicenseRefusalReason = 'NoProductsBought' | 'NoLicensesLeft';

/** The page's data: the member's requests and what they may still request. */
export interface LicenseOverview {
  requests: LicenseRequestRow[];
  products: LicenseProduct[];
  canRequest: boolean;
  reason: LicenseRefusalReason | null;
}

/** The form as typed (the broker's server only counts for a product that needs one). */
export interface LicenseRequestValues {
  productId: string;
  brokerAccount: string;
  brokerServer: string;
  comment: string;
}

export type LicenseField = keyof LicenseRequestValues;
/** Field codes (domain/licenses.ts, src/lib/field-errors.ts), by field. */
export type LicenseFieldErrors = Partial<Record<LicenseField, string>>;

export interface LicenseRequestInput {
  /** Made once per page by the app (a random id): the attempts' idempotency keys start with it. */
  keyPrefix: string;
}

export interface LicenseRequestContext {
  keyPrefix: string;
  overview: LicenseOverview | null;
  values: LicenseRequestValues;
  fieldErrors: LicenseFieldErrors;
  error: AppError | null;
  attempt: number;
  idempotencyKey: string | null;
  /** What the current key was made for (the values sent): the same request retried keeps its key. */
  attemptOf: string | null;
  /** The request just made, until the member types again. */
  created: LicenseRequestRow | null;
}

export interface CreateLicenseRequest {
  productId: string;
  brokerAccount: string;
  brokerServer: string | null;
  comment: string | null;
  idempotencyKey: string;
}

/** moduleLicenseRequestCreate: the request made, or refused by name (the stock changed meanwhile). */
export type CreateLicenseOutcome = Outcome<LicenseRequestRow, LicenseRefusalReason>;

export type LicenseRequestEvent =
  | { type: 'field.change'; field: LicenseField; value: string }
  | { type: 'request.submit' }
  | { type: 'load.retry' };
