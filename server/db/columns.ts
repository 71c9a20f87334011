// Column helpers every area's tables share.
import { integer, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money and balances: numeric, never float. */
export const money = (name: string) => numeric(name, { precision: 36, scale: 8 });
/** What a money column holds: 28 integer digits and 8 decimals. */
export const moneyColumn = { integerDigits: 28, scale: 8 } as const;

/**
 * The `id` column of another area's table, by the table's SQL name: what a foreign key needs (drizzle-kit reads
 * the table's and the column's names), so that an area can point at the rows of an area above it without
 * importing it (payments' invoices at the shop's orders, products and promo codes). The table made here is no
 * export of the schema, so it is never a table of its own; a wrong name fails the migration that uses it.
 */
export const idOf = (table: string) => pgTable(table, { id: integer('id') }).id;
