// Reset and new password rules (spec §5 "Reset/new password": required and must match).
import * as v from 'valibot';
import { emailField, newPasswordField } from '../../domain/validation';

export const resetRequestSchema = v.object({ email: emailField });

export const newPasswordSchema = v.pipe(
  v.object({ password: newPasswordField, confirmation: v.pipe(v.string('required'), v.nonEmpty('required')) }),
  v.forward(
    v.check((values) => values.password === values.confirmation, 'mismatch'),
    ['confirmation'],
  ),
);

export type NewPasswordValues = v.InferInput<typeof newPasswordSchema>;
