// Languages and their message catalogues, one chunk per language; the default is the stored choice, else the
// browser language, else en. Kept apart from Lingui (src/lib/i18n.ts) so the boot script can start loading
// the catalogue while the app's code is still on its way.
import { readLocal, storageKeys } from './storage';

export const locales = ['en', 'uk', 'ru', 'es'] as const;
export type Locale = (typeof locales)[number];

export const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale);

export function detectLocale(
  stored = readLocal(storageKeys.language),
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language],
): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browser) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

export const catalogues: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('../../locales/en/messages.po'),
  uk: () => import('../../locales/uk/messages.po'),
  ru: () => import('../../locales/ru/messages.po'),
  es: () => import('../../locales/es/messages.po'),
};
