// Profile rules (spec §5 "Profile"): name 2-50 (only when the tenant lets members edit it), phone empty or
// a valid international number with +, telegram at most 50, support code empty or exactly 6 digits.
import * as v from 'valibot';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { codeLength, profileNameLength, profileTelegramMax } from '../../domain/limits';

export const profileLanguages = ['en', 'es', 'uk', 'ru'] as const;
export type ProfileLanguage = (typeof profileLanguages)[number];

export interface ProfileValues {
  name: string;
  phone: string;
  telegram: string;
  supportCode: string;
  language: ProfileLanguage;
}

export const phoneField = v.pipe(
  v.string(),
  v.trim(),
  v.check((phone) => phone === '' || (phone.startsWith('+') && isValidPhoneNumber(phone)), 'phone'),
);

export const supportCodeField = v.pipe(v.string(), v.trim(), v.regex(new RegExp(`^(\\d{${codeLength}})?$`), 'supportCode'));
export const telegramField = v.pipe(v.string(), v.trim(), v.maxLength(profileTelegramMax, `maxLength:${profileTelegramMax}`));
export const profileNameField = v.pipe(
  v.string('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.minLength(profileNameLength.min, `minLength:${profileNameLength.min}`),
  v.maxLength(profileNameLength.max, `maxLength:${profileNameLength.max}`),
);

export function profileSchema(rules: { allowEditName: boolean }) {
  return v.object({
    name: rules.allowEditName ? profileNameField : v.string(),
    phone: phoneField,
    telegram: telegramField,
    supportCode: supportCodeField,
    language: v.picklist(profileLanguages, 'required'),
  });
}
