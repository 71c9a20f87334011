// The text a member sees for an AppError (spec §8 "Message selection" and "Texts").
import { t } from '@lingui/core/macro';
import type { AppError } from '../../machines/shared/app-error';
import { fieldErrorText } from './field-errors';

export const defaultErrorText = () => t`Ooops! Something went wrong, please apply to the support chat.`;
export const invalidLoginText = () => t`Invalid login or password. Please try again.`;
export const sessionExpiredText = () => t`Session expired. Please re-login.`;
export const incorrectCodeText = () => t`Incorrect verification code. The code must be 6 characters.`;
export const referralOnlyText = () => t`Registration is possible via referral link only.`;
export const savedText = () => t`Saved successfully.`;

/** Texts of the named outcomes the reference server sends (extensions.reason). */
function reasonText(error: AppError): string | null {
  switch (error.reason) {
    case 'TwoFaCodeError':
      return incorrectCodeText();
    case 'CodeExpired':
      return t`The code has expired or was used up. Ask for a new one.`;
    case 'ReferralLinkOnly':
      return referralOnlyText();
    case 'InvalidLink':
      return t`This link is not valid any more. Ask for a new one.`;
    case 'InvalidOAuthCode':
      return t`Single sign-on failed. Sign in again.`;
    case 'TwoFaNotStarted':
      return t`Too many wrong codes. Start the activation again.`;
    case 'TooManyAttempts': {
      const seconds = error.retryAfter ?? 60;
      return t`Too many attempts. Try again in ${seconds} s.`;
    }
    default:
      return null;
  }
}

export function appErrorText(error: AppError, options: { onLogin?: boolean } = {}): string {
  const named = reasonText(error);
  if (named) return named;
  switch (error.code) {
    case 'network':
    case 'internal':
      return defaultErrorText();
    case 'invalidLogin':
      return invalidLoginText();
    case 'userNotFound':
      return options.onLogin ? invalidLoginText() : t`User not found or not active.`;
    case 'invalidCode':
      return incorrectCodeText();
    case 'authentication':
      return error.message ?? sessionExpiredText();
    case 'validation':
      // Field codes translate; a server that sends only text gets its text shown.
      if (error.fieldCodes) {
        return Object.values(error.fieldCodes)
          .flat()
          .map((code) => fieldErrorText(code) ?? code)
          .join('\n');
      }
      return error.message ?? t`Unknown Error`;
    case 'server':
      return error.message ?? t`Unknown Error`;
    case 'unknown':
      return t`Unknown Error`;
  }
}
