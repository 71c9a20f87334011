// The roadmap (issue 30; server/schema.graphql "deals, licenses, roadmap"): the tenant's items and a member's votes.
// Every operation needs the roadmap module and a signed-in member of the tenant.
import * as v from 'valibot';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant } from '../../context';
import { validate } from '../../validation';
import { requestLanguage, requireRoadmap, roadmapItemNotFound, roadmapOf, voteFor } from './service';

export const roadmapResolvers: Resolvers = {
  Query: {
    async moduleRoadmap(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      await requireRoadmap(context.db, tenant);
      return roadmapOf(context.db, tenant, user, requestLanguage(context.request, user));
    },
  },
  Mutation: {
    async moduleRoadmapVote(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      await requireRoadmap(context.db, tenant);
      const { vote } = validate(v.object({ vote: v.boolean('required') }), args);
      // An id that is no number names no item: not_found, as an unknown one.
      if (!/^\d{1,9}$/.test(args.item_id)) throw roadmapItemNotFound();
      return voteFor(context.db, tenant, user, requestLanguage(context.request, user), Number(args.item_id), vote);
    },
  },
};
