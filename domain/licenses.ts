// License requests (spec §3 License request, calls §4 statuses, calls §8 "A license request is impossible when no
// products are bought, or all licenses are already issued or under review"): what a member may still request and
// the request's fields. The server refuses with the same reasons the page shows before its form.
import * as v from 'valibot';

/** License request statuses (calls §4). Labels follow the values in every language. */
export const licenseStatuses = ['pending', 'accepted', 'declined'] as const;
export type LicenseStatus = (typeof licenseStatuses)[number];

/** Requests that hold a license: issued (accepted) or under review (pending). */
export const licenseHoldingStatuses: readonly LicenseStatus[] = ['pending', 'accepted'];

export interface LicenseStock {
  /** Licenses the member's purchases of the product grant. */
  total: number;
  /** Requests for it that are accepted or pending. */
  held: number;
}

export const licensesLeft = ({ total, held }: LicenseStock) => Math.max(0, total - held);

/** Why no request can be made now (calls §8), or null when one can. */
export function licenseRefusal(products: readonly LicenseStock[]): 'NoProductsBought' | 'NoLicensesLeft' | null {
  if (!products.some((product) => product.total > 0)) return 'NoProductsBought';
  if (!products.some((product) => licensesLeft(product) > 0)) return 'NoLicensesLeft';
  return null;
}

export const brokerAccountLength = { min: 3, max: 40 } as const;
export const brokerServerLength = { min: 2, max: 100 } as const;
export const licenseCommentMax = 1000;

/** A broker account number as brokers print it: letters, digits, dots and dashes. */
export const brokerAccountField = v.pipe(
  v.string('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.minLength(brokerAccountLength.min, `minLength:${brokerAccountLength.min}`),
  v.maxLength(brokerAccountLength.max, `maxLength:${brokerAccountLength.max}`),
  v.regex(/^[A-Za-z0-9.-]+$/, 'brokerAccount'),
);

export const brokerServerField = v.pipe(
  v.string('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.minLength(brokerServerLength.min, `minLength:${brokerServerLength.min}`),
  v.maxLength(brokerServerLength.max, `maxLength:${brokerServerLength.max}`),
);

export const licenseCommentField = v.pipe(v.string(), v.trim(), v.maxLength(licenseCommentMax, `maxLength:${licenseCommentMax}`));

/** The request's fields for a product; the broker's server only when the product needs one. */
export const licenseRequestSchema = (needsServer: boolean) =>
  v.object({
    product_id: v.pipe(v.string('required'), v.nonEmpty('required')),
    broker_account: brokerAccountField,
    broker_server: needsServer ? brokerServerField : v.nullish(v.string()),
    comment: v.nullish(licenseCommentField),
  });
export type LicenseRequestInput = v.InferInput<ReturnType<typeof licenseRequestSchema>>;
