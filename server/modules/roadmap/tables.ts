// The roadmap (issue 30, roadmap module): the tenant's items by stage and quarter, their texts per language (en,
// uk, ru, es; en is the fallback of a language an item lacks) and the members' votes, one per member and item
// (the primary key: parallel votes make one row).
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../account/tables';
import { tenants } from '../shell/tables';
import type { RoadmapStage } from '../../../domain/roadmap';

export const roadmapItems = pgTable(
  'roadmap_items',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<RoadmapStage>().notNull(),
    /** "2026-Q4" (domain/roadmap.ts quarterOf of date). */
    quarter: text('quarter').notNull(),
    /** When it was done (stage done), else when it is planned for. */
    date: timestamp('date', { withTimezone: true }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('roadmap_items_tenant').on(t.tenantId)],
);

export const roadmapItemTexts = pgTable(
  'roadmap_item_texts',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => roadmapItems.id, { onDelete: 'cascade' }),
    /** en, uk, ru or es. */
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    /** Rich text (HTML), sanitised by the portal before rendering. */
    description: text('description').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.lang] })],
);

export const roadmapVotes = pgTable(
  'roadmap_votes',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => roadmapItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), index('roadmap_votes_user').on(t.userId)],
);
