// App-status tables: the version and maintenance state the portal polls.
import { boolean, pgTable, text } from 'drizzle-orm/pg-core';

/** One row per app name; the portal reads the row named 'portal'. */
export const appState = pgTable('app_state', {
  appName: text('app_name').primaryKey(),
  version: text('version').notNull(),
  status: text('status').notNull().default('live'),
  logoutNeeded: boolean('logout_needed').notNull().default(false),
});
