// App status: appState (public), userSettings and whiteLabelUserActiveSubscription (signed in).
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant } from '../../context';
import { portalAppName, readAppState, settingsOf, tenantSubscription } from './service';

export const appStatusResolvers: Resolvers = {
  Query: {
    appState: (_parent, { app_name }, { db }) => readAppState(db, app_name || portalAppName),
    async userSettings(_parent, _args, context) {
      return settingsOf((await requireViewerTenant(context)).user);
    },
    async whiteLabelUserActiveSubscription(_parent, _args, context) {
      const { user, tenant } = await requireViewerTenant(context);
      return tenantSubscription(context.db, tenant.id, user.id);
    },
  },
};
