// Languages: en, uk, ru, es. The default is the stored choice, else the browser language, else en;
// catalogues load lazily, one per language.
import { i18n } from '@lingui/core';
import { readLocal, storageKeys, writeLocal } from './storage';

export const locales = ['en', 'uk', 'ru', 'es'] as const;
export type Locale = (typeof locales)[number];

export const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale);

/** Names of the languages in themselves, as a language switcher shows them. */
export const localeNames: Record<Locale, string> = {
  en: 'English',
  uk: 'Українська',
  ru: 'Русский',
  es: 'Español',
};

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

const catalogues: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('../../locales/en/messages.po'),
  uk: () => import('../../locales/uk/messages.po'),
  ru: () => import('../../locales/ru/messages.po'),
  es: () => import('../../locales/es/messages.po'),
};

export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogues[locale]();
  i18n.load(locale, messages as never);
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** Remembers the choice for the next start (a page that reloads next needs no more). */
export function storeLocale(locale: Locale): void {
  writeLocal(storageKeys.language, locale);
}

/** Stores the choice and switches the interface to it. */
export async function chooseLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  await activateLocale(locale);
}

export { i18n };
