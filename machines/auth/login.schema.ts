// Login form rules (spec §5 "Login").
import * as v from 'valibot';
import { emailField, passwordField, phoneLoginField, sixDigitCode } from '../../domain/validation';
import type { LoginMethod } from './login.types';

export const emailLoginSchema = v.object({ username: emailField, password: passwordField });
export const phoneLoginSchema = v.object({ username: phoneLoginField, password: passwordField });
export const loginSchema = (method: LoginMethod) => (method === 'phone' ? phoneLoginSchema : emailLoginSchema);
export const twoFaCodeSchema = v.object({ code: sixDigitCode });

export type LoginValues = v.InferInput<typeof emailLoginSchema>;
