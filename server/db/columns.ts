// Column helpers every area's tables share.
import { numeric, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money and balances: numeric, never float. */
export const money = (name: string) => numeric(name, { precision: 36, scale: 8 });
