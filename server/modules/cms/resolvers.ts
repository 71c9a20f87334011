// CMS: moduleCms (calls §7), the tenant's CMS modules for the menu and the CMS pages, bound to the portal's host
// like the other modules. Public, as the spec's call takes only whitelabel_uuid. The content itself is served
// over HTTP at each module's url (routes.ts), checked by the authorization header its auth_method names.
import type { Resolvers } from '../../generated/resolvers-types';
import { requireHostTenant } from '../../context';
import { cmsModulesOf } from './service';

export const cmsResolvers: Resolvers = {
  Query: {
    async moduleCms(_parent, { whitelabel_uuid }, context) {
      const tenant = await requireHostTenant(context, whitelabel_uuid);
      return cmsModulesOf(context.db, tenant.id);
    },
  },
};
