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
    (fields[key] ??= []).push(issue.message);
  }
  throw validationError(fields);
}

