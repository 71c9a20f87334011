// Languages and their message catalogues, two chunks per language (below); the default is the stored choice, else the
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

type Catalogue = Promise<{ messages: Record<string, unknown> }>;

/**
 * Each language's catalogue in two parts (scripts/build/catalogue-parts.ts): `first`, the messages of the shell,
 * the auth pages and what every page shows (what /login needs), and `rest`, all the others, loaded before any
 * other page renders (src/app/router/catalogue-gate.ts). Together they are the whole catalogue.
 */
export const catalogues: Record<Locale, { first: () => Catalogue; rest: () => Catalogue }> = {
  en: { first: () => import('../../locales/en/messages.po?part=first'), rest: () => import('../../locales/en/messages.po?part=rest') },
  uk: { first: () => import('../../locales/uk/messages.po?part=first'), rest: () => import('../../locales/uk/messages.po?part=rest') },
  ru: { first: () => import('../../locales/ru/messages.po?part=first'), rest: () => import('../../locales/ru/messages.po?part=rest') },
  es: { first: () => import('../../locales/es/messages.po?part=first'), rest: () => import('../../locales/es/messages.po?part=rest') },
};
