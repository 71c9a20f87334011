// Shell: provider settings (whiteLabel), CMS modules and module custom config; public, no viewer needed.
import type { Resolvers } from '../../generated/resolvers-types';
import { validationError } from '../../errors';
import { cmsModulesOf, findTenantBySource, findTenantByUuid, moduleCustomConfig, requireTenant, whiteLabelOf } from './service';

export const shellResolvers: Resolvers = {
  Query: {
    async whiteLabel(_parent, { source, uuid }, { db }) {
      if (!source && !uuid) throw validationError({ source: ['eitherSourceOrUuid'] });
      const tenant = uuid ? await findTenantByUuid(db, uuid) : await findTenantBySource(db, source!);
      return tenant ? whiteLabelOf(db, tenant) : null;
    },
    async moduleCms(_parent, { whitelabel_uuid }, { db }) {
      const tenant = await requireTenant(db, whitelabel_uuid);
      return cmsModulesOf(db, tenant.id);
    },
    async moduleCustomConfig(_parent, { whitelabel_uuid, module }, { db }) {
      const tenant = await requireTenant(db, whitelabel_uuid);
      return moduleCustomConfig(db, tenant.id, module);
    },
  },
};
