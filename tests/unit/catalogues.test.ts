// All four languages stay complete: every message of the English source has a real translation.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatter } from '@lingui/format-po';

const root = resolve(import.meta.dirname, '../..');
const po = formatter();

async function catalogue(locale: string) {
  const source = readFileSync(resolve(root, `locales/${locale}/messages.po`), 'utf8');
  return (await po.parse(source, { locale, sourceLocale: 'en', filename: `${locale}.po` })) as Record<
    string,
    { message?: string; translation?: string }
  >;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}|<(\d+)>/g)].map((m) => m[0]).sort();

describe('translation catalogues', async () => {
  const english = await catalogue('en');
  for (const locale of ['uk', 'ru', 'es']) {
    it(`${locale} translates every message, keeping its placeholders`, async () => {
      const translated = await catalogue(locale);
      const missing: string[] = [];
      const broken: string[] = [];
      for (const [id, entry] of Object.entries(english)) {
        const translation = translated[id]?.translation;
        if (!translation) missing.push(entry.message ?? id);
        else if (JSON.stringify(placeholders(translation)) !== JSON.stringify(placeholders(entry.message ?? '')))
          broken.push(`${entry.message} -> ${translation}`);
      }
      expect(missing).toEqual([]);
      expect(broken).toEqual([]);
    });
  }
});
