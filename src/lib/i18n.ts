// Languages: en, uk, ru, es (src/lib/catalogues.ts), activated in Lingui; catalogues load lazily, one per
// language.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { writeLocal, storageKeys } from './storage';
import { catalogues, type Locale } from './catalogues';

export { detectLocale, isLocale, locales, type Locale } from './catalogues';

/** Names of the languages in themselves, as a language switcher shows them. */
export const localeNames: Record<Locale, string> = {
  en: 'English',
  uk: 'Українська',
  ru: 'Русский',
  es: 'Español',
};

export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogues[locale]();
  i18n.load(locale, messages as never);
  i18n.activate(locale);
  document.documentElement.lang = locale;
  // The static shell (index.html) says "Loading" until the page has a language; from then on in that one.
  document.getElementById('boot-shell')?.setAttribute('aria-label', i18n._(msg`Loading`));
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
