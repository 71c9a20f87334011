// Validates variables with valibot before anything is read or written; failures become one
// validation-category error listing every field's messages. Text that no form can type (null bytes, control
// characters, direction overrides, broken surrogates) is refused for every operation before its resolver
// runs, so it never reaches the database as a masked internal error.
import * as v from 'valibot';
import { appError, validationError } from './errors';
import { compare, type Decimal } from '../domain/money';
import { idempotencyKeyMax } from '../domain/limits';
import { showsSomething } from '../domain/validation';
import { billingCycles } from '../domain/pricing';

export function validate<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fields: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? 'input';
    (fields[key] ??= []).push(issue.message);
  }
  throw validationError(fields);
}

/**
 * C0 controls but tab and line breaks (null bytes, terminal escapes), DEL and C1 controls, bidi embeddings,
 * overrides and isolates (a name that reads backwards), and unpaired surrogates (not valid UTF-8).
 */
const badCharacters =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The fields of an operation's arguments holding bad characters, named as validation errors name them: an
 * input object's fields by their own path ("username" of login's data), other arguments by their name.
 */
export function fieldsWithBadText(args: Record<string, unknown>): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string[]) => {
    if (typeof value === 'string') {
      if (badCharacters.test(value)) found.push(path.join('.') || 'input');
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, [...path, String(index)]));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    }
  };
  for (const [name, value] of Object.entries(args)) {
    walk(value, value && typeof value === 'object' && !Array.isArray(value) ? [] : [name]);
  }
  return found;
}

export function refuseBadText(args: Record<string, unknown>) {
  const fields = fieldsWithBadText(args);
  if (fields.length) throw validationError(Object.fromEntries(fields.map((field) => [field, ['characters']])));
}

/** A whitelabel_uuid as sent; whether it is the host's tenant is checked before any resolver runs (server/graphql.ts). */
export const tenantField = v.pipe(v.string('required'), v.uuid('Unknown whitelabel_uuid.'));

/** A name must show something: one made only of spaces and invisible characters is missing. */
export const visibleName = v.pipe(v.string('required'), v.check(showsSomething, 'required'));

/** A two-factor recovery code as shown (xxxxx-xxxxx); case, spaces and the dash are forgiven. */
export const recoveryCodeField = v.pipe(
  v.string('required'),
  v.trim(),
  v.regex(/^[0-9a-z]{5}[\s-]?[0-9a-z]{5}$/i, 'recoveryCode'),
);

// ---------------------------------------------------------------- argument fields more than one area takes

/** A money call's optional idempotency key: a repeat under the same key answers the first result. */
export const idempotencyKeyField = v.nullish(
  v.pipe(v.string(), v.regex(new RegExp(`^[A-Za-z0-9_.:-]{1,${idempotencyKeyMax}}$`), 'idempotencyKey')),
);

/** A product's billing cycle (spec §3 "Product"): onetime, monthly, quartally, semiannually, annually. */
export const billingCycleField = v.picklist(billingCycles, 'billingCycle');

/**
 * An amount within its bounds, or the AmountOutOfRange validation error naming the bound it crossed on the
 * amount field ("The minimum deposit is 10 USDT."): `say` words it for the area.
 */
export function requireWithin(amount: Decimal, bounds: { min: Decimal; max: Decimal }, say: (bound: 'minimum' | 'maximum', limit: Decimal) => string) {
  const crossed = compare(amount, bounds.min) < 0 ? ('minimum' as const) : compare(amount, bounds.max) > 0 ? ('maximum' as const) : null;
  if (!crossed) return;
  const text = say(crossed, crossed === 'minimum' ? bounds.min : bounds.max);
  throw appError('validation', text, { reason: 'AmountOutOfRange', fields: { amount: [text] } });
}
