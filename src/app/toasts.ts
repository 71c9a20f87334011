// Toasts (spec §8 "Messages appear in a notifier", §9: 8000 ms, top right). The notifier's code loads on
// first use.
import type { AppError } from '../../machines/shared/app-error';
import { toastTimeout } from '../../machines/shared/timing';
import { appErrorText, savedText } from '../lib/app-error-text';

export function showErrorToast(error: AppError): void {
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ color: 'red', message: appErrorText(error), autoClose: toastTimeout, withBorder: true }),
  );
}

/** The success notice (the spec's globals.success). */
export function showSuccessToast(message = savedText()): void {
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ color: 'green', message, autoClose: toastTimeout, withBorder: true }),
  );
}
