// Shell: provider settings (whiteLabel) and module custom config (the CMS modules are the cms area's); public, no
// viewer needed. Both answer only about the host's tenant: whiteLabel is how the portal learns its uuid (by its
// host source), and another tenant's settings are that tenant's address's to answer.
import type { Resolvers } from '../../generated/resolvers-types';
import { requireHostTenant, tenantMismatch } from '../../context';
import { validationError } from '../../errors';
import { findTenantBySource, findTenantByUuid, moduleCustomConfig, whiteLabelOf } from './service';

export const shellResolvers: Resolvers = {
  Query: {
    async whiteLabel(_parent, { source, uuid }, context) {
      if (!source && !uuid) throw validationError({ source: ['eitherSourceOrUuid'] });
      const host = await context.tenant;
      const named =
        host && (uuid ? uuid.toLowerCase() === host.uuid : source!.trim().toLowerCase() === context.hostSource)
          ? host
          : uuid
            ? await findTenantByUuid(context.db, uuid)
            : await findTenantBySource(context.db, source!);
      if (!named) return null;
      if (named.id !== host?.id) throw tenantMismatch();
      return whiteLabelOf(context.db, named, context.config);
    },
    async moduleCustomConfig(_parent, { whitelabel_uuid, module }, context) {
      const tenant = await requireHostTenant(context, whitelabel_uuid);
      return moduleCustomConfig(context.db, tenant.id, module);
    },
  },
};
