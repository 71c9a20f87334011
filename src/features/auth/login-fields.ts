// The login form's two fields: what @mantine/form's useForm did for this form (the values, a field checked
// against the login rules when it loses focus, every field on submit, a field's message cleared as it is typed
// in), in a few lines. /login is a first page, and @mantine/form was 6 KB gzip of its script; the other forms
// keep useForm.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import * as v from 'valibot';
import { loginSchema, type LoginValues } from '../../../machines/auth/login.schema';
import type { LoginMethod } from '../../../machines/auth/login.types';

type Field = keyof LoginValues;
type FieldErrors = Partial<Record<Field, string>>;

/** The first message the login rules give each field. */
function checkLogin(method: LoginMethod, values: LoginValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of v.safeParse(loginSchema(method), values).issues ?? []) {
    const field = issue.path?.[0]?.key as Field | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export function useLoginFields(method: LoginMethod, onValuesChange: (values: LoginValues) => void) {
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const inputProps = (field: Field) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [field]: event.currentTarget.value };
      setValues(next);
      setErrors((current) => ({ ...current, [field]: undefined }));
      onValuesChange(next);
    },
    onBlur: () => setErrors((current) => ({ ...current, [field]: checkLogin(method, values)[field] })),
  });
  /** Checks every field; sends the values when they pass. */
  const onSubmit = (send: (values: LoginValues) => void) => (event: FormEvent) => {
    event.preventDefault();
    const found = checkLogin(method, values);
    setErrors(found);
    if (!found.username && !found.password) send(values);
  };
  return { errors, inputProps, onSubmit };
}
