// Languages: en, uk, ru, es (src/lib/catalogues.ts), activated in Lingui; catalogues load lazily, in two parts
// per language (the first for the shell and the auth pages, the rest before any other page).
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

/**
 * Whether the pages shown so far need the whole catalogue, or only its first part (the shell and the auth
 * pages: src/lib/catalogues.ts). Whole unless the app starts on an auth page (src/main.tsx); from then on
 * whole once any other page is opened (src/app/router/catalogue-gate.ts).
 */
let whole = true;

async function load(locale: Locale): Promise<void> {
  const parts = await Promise.all([catalogues[locale].first(), ...(whole ? [catalogues[locale].rest()] : [])]);
  i18n.load(locale, Object.assign({}, ...parts.map((part) => part.messages)) as never);
}

/** `firstPartOnly`: the app starts on a page that needs only the catalogue's first part (an auth page). */
export async function activateLocale(locale: Locale, { firstPartOnly = false } = {}): Promise<void> {
  if (firstPartOnly) whole = false;
  await load(locale);
  i18n.activate(locale);
  document.documentElement.lang = locale;
  // The static shell (index.html) says "Loading" until the page has a language; from then on in that one.
  document.getElementById('boot-shell')?.setAttribute('aria-label', i18n._(msg`Loading`));
}

/** Loads the rest of the active language's catalogue, once, before a page that needs it renders. */
export function loadWholeCatalogue(): Promise<void> | undefined {
  if (whole) return undefined;
  whole = true;
  const locale = i18n.locale as Locale;
  return load(locale).catch((error: unknown) => {
    // Asked again by the next page that needs it.
    whole = false;
    throw error;
  });
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
