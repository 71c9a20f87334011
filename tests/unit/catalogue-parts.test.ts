// @vitest-environment jsdom
// The catalogue in two parts (scripts/build/catalogue-parts.ts, src/lib/catalogues.ts): the first for the shell and
// the auth pages, the rest before any other page (src/app/router/catalogue-gate.ts).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatter } from '@lingui/format-po';
import { catalogues, locales } from '../../src/lib/catalogues';
import { activateLocale, i18n, loadWholeCatalogue } from '../../src/lib/i18n';
import { firstPartEnough } from '../../src/app/router/catalogue-gate';
import { firstCatalogueOrigins as firstOrigins } from '../../scripts/build/catalogue-parts';

const root = resolve(import.meta.dirname, '../..');

async function entries(locale: string) {
  const source = readFileSync(resolve(root, `locales/${locale}/messages.po`), 'utf8');
  return (await formatter().parse(source, { locale, sourceLocale: 'en', filename: `${locale}.po` })) as Record<string, { origin?: [string, number?][] }>;
}

describe('the catalogue in two parts', () => {
  it.each(locales)('%s: the parts are the whole catalogue, with no message in both', async (locale) => {
    const [first, rest, all] = await Promise.all([catalogues[locale].first(), catalogues[locale].rest(), entries(locale)]);
    const firstIds = Object.keys(first.messages);
    const restIds = Object.keys(rest.messages);
    expect(firstIds.filter((id) => id in rest.messages)).toEqual([]);
    expect([...firstIds, ...restIds].sort()).toEqual(Object.keys(all).sort());
  });

  it('the first part holds every message of the shell and the auth pages, and little else', async () => {
    const [first, all] = await Promise.all([catalogues.en.first(), entries('en')]);
    const needed = Object.entries(all).filter(([, entry]) => (entry.origin ?? []).some(([file]) => firstOrigins.test(file)));
    expect(needed.filter(([id]) => !(id in first.messages))).toEqual([]);
    expect(Object.keys(first.messages)).toHaveLength(needed.length);
    expect(needed.length).toBeLessThan(Object.keys(all).length / 2);
  });

  it('an auth page needs only the first part; any other page the whole catalogue', () => {
    expect(firstPartEnough(['__root__', '/_auth', '/_auth/login'])).toBe(true);
    expect(firstPartEnough(['__root__', '/_auth', '/_auth/_guest', '/_auth/_guest/register/{-$sponsor}'])).toBe(true);
    expect(firstPartEnough(['__root__'])).toBe(true);
    expect(firstPartEnough(['__root__', '/_member', '/_member/dashboard'])).toBe(false);
    expect(firstPartEnough(['__root__', '/_store', '/_store/store/'])).toBe(false);
    expect(firstPartEnough(['__root__', '/_simple', '/_simple/404'])).toBe(false);
  });

  it('starting on an auth page loads the first part; the rest comes once, when a page needs it', async () => {
    const [first, rest] = await Promise.all([catalogues.uk.first(), catalogues.uk.rest()]);
    const aRestId = Object.keys(rest.messages)[0]!;
    const aFirstId = Object.keys(first.messages)[0]!;
    try {
      await activateLocale('uk', { firstPartOnly: true });
      expect(i18n.messages[aFirstId]).toEqual(first.messages[aFirstId]);
      expect(i18n.messages[aRestId]).toBeUndefined();
      await loadWholeCatalogue();
      expect(i18n.messages[aRestId]).toEqual(rest.messages[aRestId]);
      expect(loadWholeCatalogue()).toBeUndefined();
    } finally {
      await activateLocale('en');
    }
  });
});
