// Copy trading's reads (issue 32; server/schema.graphql "copy trading"): strategies, one strategy, the public
// rankings and the Strategy fields figures come through. Visitors and members alike (viewerOrGuestTenant, as the
// public raffles and projects); the spot or futures module on (requireTrading), else not_found before anything is
// read. An unknown period is a validation error (code choice). The link and connection operations and the Strategy
// fields my_connection and my_request are copy-write-resolvers.ts'.
import type { Resolvers } from '../../generated/resolvers-types';
import { viewerOrGuestTenant } from '../../context';
import { validate } from '../../validation';
import { accountId, requireTrading } from './service';
import {
  allStatsOf,
  equityCurve,
  oneStrategy,
  parsePeriod,
  periodStatsOf,
  recentTrades,
  requiredPeriod,
  statsFor,
  strategyFilterSchema,
  strategyList,
} from './copy-read';
import { ranking, rankingDetail } from './copy-rankings';

export const copyReadResolvers: Resolvers = {
  Query: {
    async copyTradingStrategies(_parent, args, context) {
      const { tenant } = await viewerOrGuestTenant(context, args.whitelabel_uuid);
      await requireTrading(context.db, tenant);
      const period = parsePeriod(args);
      const { filter } = validate(strategyFilterSchema, { filter: args.filter });
      return strategyList(context.db, tenant.id, period, filter, (id) => statsFor(context, id));
    },
    async copyTradingStrategy(_parent, args, context) {
      const { tenant } = await viewerOrGuestTenant(context, args.whitelabel_uuid);
      await requireTrading(context.db, tenant);
      parsePeriod(args);
      return oneStrategy(context.db, tenant.id, accountId(args.id));
    },
    async rankings(_parent, args, context) {
      const { tenant } = await viewerOrGuestTenant(context, args.whitelabel_uuid);
      await requireTrading(context.db, tenant);
      return ranking(context.db, tenant.id, parsePeriod(args));
    },
    async ranking(_parent, args, context) {
      const { tenant } = await viewerOrGuestTenant(context, args.whitelabel_uuid);
      await requireTrading(context.db, tenant);
      const period = parsePeriod(args);
      return rankingDetail(context.db, tenant.id, accountId(args.id), period);
    },
  },
  Strategy: {
    async stats(parent, args, context) {
      const { period } = validate(requiredPeriod, args);
      return periodStatsOf(await statsFor(context, parent.id), period, parent.started_at);
    },
    async all_stats(parent, _args, context) {
      return allStatsOf(await statsFor(context, parent.id), parent.started_at);
    },
    async equity(parent, args, context) {
      const { period } = validate(requiredPeriod, args);
      return equityCurve(context.db, parent.id, period);
    },
    recent_trades(parent, _args, context) {
      return recentTrades(context.db, parent.id);
    },
    async mine(parent, _args, context) {
      const tenant = await context.tenant;
      if (!tenant) return false;
      const { viewer } = await viewerOrGuestTenant(context, tenant.uuid);
      return viewer?.user.id === parent.userId;
    },
  },
};
