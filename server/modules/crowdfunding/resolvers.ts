// Crowdfunding (issue 28; server/schema.graphql "crowdfunding"): the projects answer visitors too (viewer_* null);
// the briefcase and investing need the viewer on their own tenant. Every operation needs the crowdfunding module.
import * as v from 'valibot';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant, viewerOrGuestTenant } from '../../context';
import { idempotencyKeyField, validate } from '../../validation';
import { projectStatuses } from '../../../domain/crowdfunding';
import { briefcase, oneProject, requireCrowdfunding, tenantProjects } from './service';
import { invest } from './invest';

const numericId = v.pipe(v.string('required'), v.regex(/^\d{1,9}$/, 'digits'), v.transform(Number));

export const crowdfundingResolvers: Resolvers = {
  Query: {
    async moduleCrowdfundingProjects(_parent, args, context) {
      const { tenant, viewer } = await viewerOrGuestTenant(context, args.whitelabel_uuid);
      const { status } = validate(v.object({ status: v.nullish(v.picklist(projectStatuses, 'status'), null) }), args);
      await requireCrowdfunding(context.db, tenant);
      return tenantProjects(context.db, tenant, viewer?.user ?? null, status);
    },
    async moduleCrowdfundingProject(_parent, args, context) {
      const { tenant, viewer } = await viewerOrGuestTenant(context, args.whitelabel_uuid);
      const { id } = validate(v.object({ id: numericId }), args);
      await requireCrowdfunding(context.db, tenant);
      return oneProject(context.db, tenant, viewer?.user ?? null, id);
    },
    async moduleCrowdfundingBriefcase(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      await requireCrowdfunding(context.db, tenant);
      return briefcase(context.db, tenant, user);
    },
  },
  Mutation: {
    async moduleCrowdfundingInvest(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      const input = validate(v.object({ project_id: numericId, amount: v.string('required'), idempotency_key: idempotencyKeyField }), args);
      await requireCrowdfunding(context.db, tenant);
      return invest(context.db, user, tenant, { projectId: input.project_id, amount: input.amount, idempotencyKey: input.idempotency_key ?? null });
    },
  },
};
