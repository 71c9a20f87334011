// Login form rules (spec §5 "Login").
import * as v from 'valibot';
import { emailField, passwordField, phoneLoginField, sixDigitCode } from '../shared/validation';

export const emailLoginSchema = v.object({ email: emailField, password: passwordField });
export const phoneLoginSchema = v.object({ phone: phoneLoginField, password: passwordField });
export const twoFaCodeSchema = v.object({ code: sixDigitCode });

export type EmailLoginValues = v.InferInput<typeof emailLoginSchema>;
