// CMS tables: the entries of a tenant's CMS modules (the modules themselves, with url, auth_method and token,
// are the shell's cms_modules: the menu reads them) and each entry's text per language (en, uk, ru, es).
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { cmsModules } from '../shell/tables';

export const cmsEntries = pgTable(
  'cms_entries',
  {
    id: serial('id').primaryKey(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => cmsModules.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
    /** A picture for the entry (banners, news), a same-site path or an https address. */
    image: text('image'),
    /** Where a banner leads, a same-site path or an https address. */
    link: text('link'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cms_entries_module_idx').on(table.moduleId, table.sortOrder)],
);

export const cmsEntryTexts = pgTable(
  'cms_entry_texts',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => cmsEntries.id, { onDelete: 'cascade' }),
    /** en, uk, ru or es; en is the fallback of a language an entry lacks. */
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** HTML as the editors wrote it; the portal sanitises it before it shows it. */
    bodyHtml: text('body_html').notNull(),
  },
  (table) => [primaryKey({ columns: [table.entryId, table.lang] })],
);
