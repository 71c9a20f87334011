// Validates variables with valibot before anything is read or written; failures become one
// validation-category error listing every field's messages.
import * as v from 'valibot';
import { validationError } from './errors';

export function validate<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fields: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? 'input';
    (fields[key] ??= []).push(spellOut(issue.message));
  }
  throw validationError(fields);
}

/** English text for the field codes of machines/shared/validation.ts (the portal shows its own translations). */
export function spellOut(message: string): string {
  const [code, arg] = message.split(':');
  switch (code) {
    case 'required':
      return 'This field is required.';
    case 'email':
      return 'Enter a valid email address.';
    case 'maxLength':
      return `Use at most ${arg} characters.`;
    case 'minLength':
      return `Use at least ${arg} characters.`;
    case 'length':
      return `Enter exactly ${arg} characters.`;
    case 'digits':
      return 'Use digits only.';
    case 'passwordDigit':
      return 'The password needs a digit.';
    case 'passwordLowercase':
      return 'The password needs a lowercase letter.';
    case 'passwordUppercase':
      return 'The password needs an uppercase letter.';
    case 'mismatch':
      return 'The values do not match.';
    default:
      return message;
  }
}
