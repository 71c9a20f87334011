// Licenses (issue 30; server/schema.graphql "deals, licenses, roadmap"): the member's requests and what they may
// still request, and requesting one. Every operation needs the license module and a signed-in member of the tenant.
import * as v from 'valibot';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant } from '../../context';
import { idempotencyKeyField, validate } from '../../validation';
import { licenseOverview, requestLicense, refuseWhenImpossible, requireLicenses, validLicenseRequest } from './service';

export const licensesResolvers: Resolvers = {
  Query: {
    async moduleLicenseRequests(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      await requireLicenses(context.db, tenant);
      return licenseOverview(context.db, tenant, user);
    },
  },
  Mutation: {
    async moduleLicenseRequestCreate(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      const { idempotency_key } = validate(v.object({ idempotency_key: idempotencyKeyField }), args);
      await requireLicenses(context.db, tenant);
      await refuseWhenImpossible(context.db, tenant, user);
      const input = await validLicenseRequest(context.db, tenant, args.input as Record<string, unknown>);
      return requestLicense(context.db, tenant, user, input, idempotency_key ?? null);
    },
  },
};
