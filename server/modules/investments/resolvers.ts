// Investment plans (issue 27; server/schema.graphql "investment plans"): every operation needs the viewer on
// their own tenant with the invest_plans module.
import * as v from 'valibot';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant } from '../../context';
import { idempotencyKeyField, validate } from '../../validation';
import { activatePlan, myInvestments, planView, requireInvestPlans, stopPlan, stopQuoteOf, tenantPlans } from './service';
import { investmentStatuses } from '../../../domain/investments';

const numericId = v.pipe(v.string('required'), v.regex(/^\d{1,9}$/, 'digits'), v.transform(Number));

export const investmentsResolvers: Resolvers = {
  Query: {
    async moduleInvestPlans(_parent, args, context) {
      const { tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      await requireInvestPlans(context.db, tenant);
      return (await tenantPlans(context.db, tenant)).map(planView);
    },
    async moduleInvestMyPlans(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      const { status } = validate(v.object({ status: v.nullish(v.picklist(investmentStatuses, 'status'), null) }), args);
      await requireInvestPlans(context.db, tenant);
      return myInvestments(context.db, user, status);
    },
    async moduleInvestStopQuote(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      const { id } = validate(v.object({ id: numericId }), args);
      await requireInvestPlans(context.db, tenant);
      const quote = await stopQuoteOf(context.db, user, id);
      return { final_amount: quote.finalAmount, penalty: quote.penalty, payout: quote.payout };
    },
  },
  Mutation: {
    async moduleInvestActivate(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      const input = validate(v.object({ plan_id: numericId, amount: v.string('required'), idempotency_key: idempotencyKeyField }), args);
      await requireInvestPlans(context.db, tenant);
      return activatePlan(context.db, user, tenant, { planId: input.plan_id, amount: input.amount, idempotencyKey: input.idempotency_key ?? null });
    },
    async moduleInvestStop(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      const input = validate(v.object({ id: numericId, idempotency_key: idempotencyKeyField }), args);
      await requireInvestPlans(context.db, tenant);
      return stopPlan(context.db, user, { id: input.id, idempotencyKey: input.idempotency_key ?? null });
    },
  },
};
