// App state: version and maintenance status the portal polls every 30 s.
import { eq } from 'drizzle-orm';
import { appState } from '../db/schema';
import type { Resolvers } from '../generated/resolvers-types';

export const portalAppName = 'portal';

export const appStateResolvers: Resolvers = {
  Query: {
    async appState(_parent, args, { db }) {
      const [row] = await db
        .select()
        .from(appState)
        .where(eq(appState.appName, args.app_name || portalAppName))
        .limit(1);
      return row
        ? { version: row.version, status: row.status, logout_needed: row.logoutNeeded }
        : { version: '0', status: 'live', logout_needed: false };
    },
  },
};
