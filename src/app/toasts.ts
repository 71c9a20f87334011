// Toasts (spec §8 "Messages appear in a notifier", §9: 8000 ms, top right). The notifier's code loads on
// first use: the first toast mounts it (src/app/app.tsx); Mantine's store keeps the toast until then.
import type { NotificationData } from '@mantine/notifications';
import type { AppError } from '../../domain/app-error';
import { toastTimeout } from '../../domain/timing';
import { appErrorText, savedText } from '../lib/app-error-text';
import { readSession, sessionKeys, writeSession } from '../lib/storage';

let wanted = false;
const listeners = new Set<() => void>();

/** Whether a toast was asked for yet (the app mounts the notifier from then on). */
export const notifier = {
  wanted: () => wanted,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

function show(data: NotificationData): void {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  void import('./notifier').then(({ notifications }) => notifications.show(data));
}

/**
 * An error toast. Toasts are named by their text: while one is on screen the same message is not shown
 * again (four failed loads of one offline page are one toast).
 */
export function showErrorToast(error: AppError): void {
  const message = appErrorText(error);
  show({ id: `error:${message}`, color: 'red', message, autoClose: toastTimeout, withBorder: true });
}

/** The success notice (the spec's globals.success). */
export function showSuccessToast(message = savedText()): void {
  show({ id: `success:${message}`, color: 'green', message, autoClose: toastTimeout, withBorder: true });
}

/** A notice that is neither a success nor an error (blue). */
export function showInfoToast(message: string): void {
  show({ id: `info:${message}`, color: 'blue', message, autoClose: toastTimeout, withBorder: true });
}

/** A notice the page left for itself before it reloaded (the profile's "Saved"), shown once. */
export function showNoticeAfterReload(): void {
  const notice = readSession(sessionKeys.noticeAfterReload);
  if (!notice) return;
  writeSession(sessionKeys.noticeAfterReload, null);
  if (notice === 'saved') showSuccessToast();
}
