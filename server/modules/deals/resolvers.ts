// Real-estate deals (issue 30; server/schema.graphql "deals, licenses, roadmap"): the member's own deals and their
// downline's, and filing one. Every operation needs the deals module and a signed-in member of the tenant.
import * as v from 'valibot';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant } from '../../context';
import { idempotencyKeyField, validate } from '../../validation';
import { dealInputSchema } from '../../../domain/deals';
import { createDeal, dealScopes, memberDeals, oneDeal, requireDeals } from './service';

const numericId = v.pipe(v.string('required'), v.regex(/^\d{1,9}$/, 'digits'), v.transform(Number));

export const dealsResolvers: Resolvers = {
  Query: {
    async moduleDeals(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      const { scope } = validate(v.object({ scope: v.picklist(dealScopes, 'choice') }), args);
      await requireDeals(context.db, tenant);
      return memberDeals(context.db, tenant, user, scope);
    },
    async moduleDeal(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      const { id } = validate(v.object({ id: numericId }), args);
      await requireDeals(context.db, tenant);
      return oneDeal(context.db, tenant, user, id);
    },
  },
  Mutation: {
    async moduleDealCreate(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      // A portal without deals answers not_found whatever was sent.
      await requireDeals(context.db, tenant);
      // The input's own field names key the errors (first_name, not input.first_name), as the form names them.
      const input = validate(dealInputSchema, args.input);
      const { idempotency_key } = validate(v.object({ idempotency_key: idempotencyKeyField }), args);
      return createDeal(context.db, tenant, user, input, idempotency_key ?? null);
    },
  },
};
