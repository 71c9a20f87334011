// The text a member sees for an AppError (spec §8 "Message selection" and "Texts").
import { t } from '@lingui/core/macro';
import type { AppError } from '../../machines/shared/app-error';

export const defaultErrorText = () => t`Ooops! Something went wrong, please apply to the support chat.`;
export const invalidLoginText = () => t`Invalid login or password. Please try again.`;
export const sessionExpiredText = () => t`Session expired. Please re-login.`;

export function appErrorText(error: AppError, options: { onLogin?: boolean } = {}): string {
  switch (error.code) {
    case 'network':
    case 'internal':
      return defaultErrorText();
    case 'invalidLogin':
      return invalidLoginText();
    case 'userNotFound':
      return options.onLogin ? invalidLoginText() : t`User not found or not active.`;
    case 'authentication':
      return error.message ?? sessionExpiredText();
    case 'validation':
    case 'server':
      return error.message ?? t`Unknown Error`;
    case 'unknown':
      return t`Unknown Error`;
  }
}
