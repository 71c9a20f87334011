// Registration rules (spec §5 "Registration"), shaped by the tenant's flags.
import * as v from 'valibot';
import { emailField, newPasswordField, requiredText, sixDigitCode } from '../../domain/validation';
import { nameLength, telegramLength } from '../../domain/limits';

export interface RegistrationRules {
  /** require_first_lastname: first and last name instead of one name. */
  requireFirstLastName: boolean;
  /** require_telegram */
  requireTelegram: boolean;
  /** require_confirm_password */
  requireConfirmPassword: boolean;
}

export interface RegistrationValues {
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  telegram: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
}

export const emptyRegistration: RegistrationValues = {
  name: '',
  firstName: '',
  lastName: '',
  email: '',
  telegram: '',
  password: '',
  confirmPassword: '',
  terms: false,
};

const anything = v.string();
const telegramMin = v.minLength<string, number, string>(telegramLength.min, `minLength:${telegramLength.min}`);
const telegramMax = v.maxLength<string, number, string>(telegramLength.max, `maxLength:${telegramLength.max}`);
const telegramField = v.pipe(v.string(), v.trim(), telegramMin, telegramMax);
const nameField = requiredText(nameLength.max, nameLength.min);

export function registrationSchema(rules: RegistrationRules) {
  return v.pipe(
    v.object({
      name: rules.requireFirstLastName ? anything : nameField,
      firstName: rules.requireFirstLastName ? nameField : anything,
      lastName: rules.requireFirstLastName ? nameField : anything,
      email: emailField,
      telegram: rules.requireTelegram
        ? v.pipe(v.string(), v.trim(), v.nonEmpty('required'), telegramMin, telegramMax)
        : v.union([v.literal(''), telegramField]),
      password: newPasswordField,
      confirmPassword: anything,
      terms: v.literal(true, 'required'),
    }),
    v.forward(
      v.check((values) => !rules.requireConfirmPassword || values.password === values.confirmPassword, 'mismatch'),
      ['confirmPassword'],
    ),
  );
}

/** The name the server gets: first plus space plus last in first/last mode. */
export function registrationName(values: RegistrationValues, rules: RegistrationRules): string {
  return rules.requireFirstLastName ? `${values.firstName.trim()} ${values.lastName.trim()}` : values.name.trim();
}

export const verificationCodeSchema = v.object({ code: sixDigitCode });

/** Registration payload rules the server checks (spec §5: name, email, password, lang, whitelabel_uuid, source required). */
export const registrationPayloadSchema = v.object({
  name: nameField,
  email: emailField,
  password: newPasswordField,
  lang: v.picklist(['en', 'uk', 'ru', 'es'], 'required'),
  whitelabel_uuid: v.pipe(v.string('required'), v.uuid('required')),
  source: requiredText(255),
  sponsor: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(64, 'maxLength:64'))),
  telegram: v.nullish(v.union([v.literal(''), telegramField])),
  telegram_id: v.nullish(v.pipe(v.string(), v.maxLength(64, 'maxLength:64'))),
  anonymous_id: v.nullish(v.pipe(v.string(), v.maxLength(128, 'maxLength:128'))),
});
