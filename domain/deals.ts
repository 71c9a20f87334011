// Real-estate deals (spec §3 Deal, calls §4 statuses, calls §9 "Deal currency symbol is $"): the fields a member
// files and their choices, the pipeline a deal moves along, and the sponsor's referrer fee. The server validates a
// request with dealInputSchema and the portal's form checks each step with the same pieces, so both name the same
// problems.
import * as v from 'valibot';
import { divideRoundingDown, multiply, type Decimal } from './money';
import { requiredText } from './validation';

/** Deal statuses (calls §4), in the order of the pipeline; declined ends a deal at any stage before completed. */
export const dealStatuses = [
  'new',
  'pending',
  'in_progress',
  'meeting',
  'choosing_property',
  'signing_documents',
  'completed',
  'declined',
] as const;
export type DealStatus = (typeof dealStatuses)[number];

/** The stages a deal passes on its way to completed (declined is not one). */
export const dealPipeline = dealStatuses.filter((status) => status !== 'declined');

export const isFinalDealStatus = (status: string) => status === 'completed' || status === 'declined';

/** Deals are in US dollars (calls §9: the deal currency symbol is $). */
export const dealCurrency = 'USD';

/** The filer's sponsor earns this share of the transaction fee when the deal completes (REAL_ESTATE_DEAL_BONUS). */
export const referrerFeePercent = '10';

/** The sponsor's fee for a transaction fee: referrerFeePercent of it, cut to the cent. */
export const referrerFee = (transactionFee: Decimal): Decimal =>
  divideRoundingDown(multiply(transactionFee, referrerFeePercent), '100', 2);

export const maritalStatuses = ['single', 'married', 'partnership', 'divorced', 'widowed'] as const;
export const kidsChoices = ['0', '1', '2', '3', '4_plus'] as const;
export const distancesToSea = ['first_line', 'walk', 'drive', 'any'] as const;
export const paymentSchemes = ['cash', 'mortgage', 'installments', 'crypto'] as const;
export const readinessChoices = ['now', 'months_3', 'months_6', 'year', 'exploring'] as const;

/** Names and the job: 1-100 characters; contacts: 5-500 (a phone, an email or a messenger handle, with a note). */
export const dealNameMax = 100;
export const dealContactsLength = { min: 5, max: 500 } as const;

/** A choice: unchosen is "required", anything not offered is "choice". */
const choice = <const T extends readonly string[]>(values: T) =>
  v.pipe(v.string('required'), v.nonEmpty('required'), v.picklist(values, 'choice'));

export const dealInputSchema = v.object({
  first_name: requiredText(dealNameMax),
  last_name: requiredText(dealNameMax),
  job: requiredText(dealNameMax),
  marital_status: choice(maritalStatuses),
  kids: choice(kidsChoices),
  distance_to_sea: choice(distancesToSea),
  payment_scheme: choice(paymentSchemes),
  readiness: choice(readinessChoices),
  contacts: requiredText(dealContactsLength.max, dealContactsLength.min),
});
export type DealInput = v.InferInput<typeof dealInputSchema>;
export type DealField = keyof DealInput;

/** The form's steps, each a set of fields a phone shows at once. */
export const dealSteps = {
  who: ['first_name', 'last_name', 'job', 'marital_status', 'kids'],
  what: ['distance_to_sea', 'payment_scheme', 'readiness'],
  contacts: ['contacts'],
} as const satisfies Record<string, readonly DealField[]>;
export type DealStep = keyof typeof dealSteps;

/** Each invalid field of `fields` in `input` with its first problem code ("required", "maxLength:100", "choice"). */
export function dealFieldProblems(input: Partial<Record<DealField, string>>, fields: readonly DealField[]): Partial<Record<DealField, string>> {
  const problems: Partial<Record<DealField, string>> = {};
  for (const field of fields) {
    const result = v.safeParse(dealInputSchema.entries[field], input[field] ?? '');
    if (!result.success) problems[field] = result.issues[0].message;
  }
  return problems;
}
