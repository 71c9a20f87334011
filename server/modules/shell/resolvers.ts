// Shell: provider settings (whiteLabel) and module custom config (the CMS modules are the cms area's); public, no viewer needed. The
// whiteLabel lookup is how a portal learns its uuid, so it answers for any tenant; the rest are bound to the host's.
import type { Resolvers } from '../../generated/resolvers-types';
import { validationError } from '../../errors';
import { findTenantBySource, findTenantByUuid, moduleCustomConfig, requireTenant, whiteLabelOf } from './service';

export const shellResolvers: Resolvers = {
  Query: {
    async whiteLabel(_parent, { source, uuid }, { db }) {
      if (!source && !uuid) throw validationError({ source: ['eitherSourceOrUuid'] });
      const tenant = uuid ? await findTenantByUuid(db, uuid) : await findTenantBySource(db, source!);
      return tenant ? whiteLabelOf(db, tenant) : null;
    },
    async moduleCustomConfig(_parent, { whitelabel_uuid, module }, context) {
      const tenant = await requireTenant(context, whitelabel_uuid);
      return moduleCustomConfig(context.db, tenant.id, module);
    },
  },
};
