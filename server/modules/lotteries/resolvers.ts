// Lotteries (issue 29; server/schema.graphql "lotteries"): the raffles answer visitors too (viewer_can_enter false,
// LoginRequired); the member's tickets and buying need the viewer on their own tenant. Every operation needs the
// lottery module.
import * as v from 'valibot';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant, viewerOrGuestTenant } from '../../context';
import { idempotencyKeyField, validate } from '../../validation';
import { raffleStatuses } from '../../../domain/lotteries';
import { memberEntries, oneRaffle, requireLottery, tenantRaffles } from './service';
import { buyTickets } from './buy';

const numericId = v.pipe(v.string('required'), v.regex(/^\d{1,9}$/, 'digits'), v.transform(Number));
/** Tickets in one purchase (the contract: 1 to 1000; what is left and the member's maximum are checked under the lock). */
const ticketQty = v.pipe(v.number('required'), v.integer('integer'), v.minValue(1, 'minValue:1'), v.maxValue(1000, 'maxValue:1000'));

export const lotteriesResolvers: Resolvers = {
  Query: {
    async moduleLotteries(_parent, args, context) {
      const { tenant, viewer } = await viewerOrGuestTenant(context, args.whitelabel_uuid);
      const { status } = validate(v.object({ status: v.nullish(v.picklist(raffleStatuses, 'status'), null) }), args);
      await requireLottery(context.db, tenant);
      return tenantRaffles(context.db, tenant, viewer?.user ?? null, status);
    },
    async moduleLottery(_parent, args, context) {
      const { tenant, viewer } = await viewerOrGuestTenant(context, args.whitelabel_uuid);
      const { id } = validate(v.object({ id: numericId }), args);
      await requireLottery(context.db, tenant);
      return oneRaffle(context.db, tenant, viewer?.user ?? null, id);
    },
    async moduleLotteryMyTickets(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      await requireLottery(context.db, tenant);
      return memberEntries(context.db, tenant, user);
    },
  },
  Mutation: {
    async moduleLotteryBuyTickets(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      const input = validate(v.object({ raffle_id: numericId, qty: ticketQty, idempotency_key: idempotencyKeyField }), args);
      await requireLottery(context.db, tenant);
      return buyTickets(context.db, user, tenant, { raffleId: input.raffle_id, qty: input.qty, idempotencyKey: input.idempotency_key ?? null });
    },
  },
};
