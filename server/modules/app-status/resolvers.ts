// App status: appState (public), userSettings and whiteLabelUserActiveSubscription (signed in).
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewer } from '../../context';
import { portalAppName, readAppState, settingsOf, tenantSubscription } from './service';

export const appStatusResolvers: Resolvers = {
  Query: {
    appState: (_parent, { app_name }, { db }) => readAppState(db, app_name || portalAppName),
    userSettings(_parent, _args, context) {
      return settingsOf(requireViewer(context).user);
    },
    whiteLabelUserActiveSubscription(_parent, _args, context) {
      const { user } = requireViewer(context);
      return tenantSubscription(context.db, user.tenantId, user.id);
    },
  },
};
