// Field rules of spec §5 as valibot pieces. Messages are codes ("required", "maxLength:255"), never text:
// views translate them (src/lib/field-errors.ts) and the server spells them out in English.
import * as v from 'valibot';
import { codeLength, emailMax, passwordLength, phoneLoginLength } from './limits';

export type FieldErrorCode =
  | 'required'
  | 'email'
  | `maxLength:${number}`
  | `minLength:${number}`
  | `length:${number}`
  | 'digits'
  | 'passwordDigit'
  | 'passwordLowercase'
  | 'passwordUppercase'
  | 'mismatch'
  | 'recoveryCode'
  | 'recoveryCodesUnsaved'
  | 'choice'
  | 'brokerAccount'
  | 'credential';

const code = (value: FieldErrorCode) => value;

/** Zero-width and other invisible characters: a text made only of them (and spaces) is empty. */
const invisible = /[\s\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u2060-\u2064\u3164\uFEFF\uFFA0]/gu;

/** Whether a text shows anything once spaces and invisible characters are taken away. */
export const showsSomething = (text: string) => text.replace(invisible, '').length > 0;

/** A required text field, trimmed before it is checked; one made only of invisible characters is missing. */
export const requiredText = (max: number, min = 1) =>
  v.pipe(
    v.string(code('required')),
    v.trim(),
    v.nonEmpty(code('required')),
    v.check(showsSomething, code('required')),
    v.minLength(min, code(`minLength:${min}`)),
    v.maxLength(max, code(`maxLength:${max}`)),
  );

export const emailField = v.pipe(
  v.string(code('required')),
  v.trim(),
  v.nonEmpty(code('required')),
  v.maxLength(emailMax, code(`maxLength:${emailMax}`)),
  v.email(code('email')),
);

/** Password rule of §5: 8-255 characters with a digit, a lowercase and an uppercase letter. */
export const newPasswordField = v.pipe(
  v.string(code('required')),
  v.nonEmpty(code('required')),
  v.minLength(passwordLength.min, code(`minLength:${passwordLength.min}`)),
  v.maxLength(passwordLength.max, code(`maxLength:${passwordLength.max}`)),
  v.regex(/\d/, code('passwordDigit')),
  v.regex(/\p{Ll}/u, code('passwordLowercase')),
  v.regex(/\p{Lu}/u, code('passwordUppercase')),
);

/** A password typed to sign in: only required and bounded, never trimmed. */
export const passwordField = v.pipe(
  v.string(code('required')),
  v.nonEmpty(code('required')),
  v.maxLength(passwordLength.max, code(`maxLength:${passwordLength.max}`)),
);

/** Verification codes (email, authenticator, support code): exactly 6 digits. */
export const sixDigitCode = v.pipe(
  v.string(code('required')),
  v.nonEmpty(code('required')),
  v.regex(/^\d*$/, code('digits')),
  v.length(codeLength, code(`length:${codeLength}`)),
);

/** Phone login: digits only, exactly 11. */
export const phoneLoginField = v.pipe(
  v.string(code('required')),
  v.nonEmpty(code('required')),
  v.regex(/^\d*$/, code('digits')),
  v.length(phoneLoginLength, code(`length:${phoneLoginLength}`)),
);

/** A two-factor recovery code: ten letters or digits, written xxxxx-xxxxx (case, spaces and the dash forgiven). */
export const recoveryCodeField = v.pipe(
  v.string(code('required')),
  v.trim(),
  v.nonEmpty(code('required')),
  v.regex(/^[a-z0-9]{5}[\s-]?[a-z0-9]{5}$/i, code('recoveryCode')),
);
