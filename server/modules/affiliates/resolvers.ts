// Affiliates: the member's team by level, one level at a time, the top team list and the referral earnings.
// Every answer is the signed-in member's own downline; a level beyond access is LevelAccessDenied.
import * as v from 'valibot';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant } from '../../context';
import { validate } from '../../validation';
import { earnings, teamLevel, teamOverview, topTeam } from './service';

const levelInput = v.object({
  level: v.pipe(v.number(), v.integer('integer'), v.minValue(1, 'minValue:1'), v.maxValue(1000, 'maxValue:1000')),
  page: v.pipe(v.number(), v.integer('integer'), v.minValue(1, 'minValue:1'), v.maxValue(100_000, 'maxValue:100000')),
});

export const affiliatesResolvers: Resolvers = {
  Query: {
    async affTeam(_parent, _args, context) {
      return teamOverview(context.db, (await requireViewerTenant(context)).user);
    },
    async affTeamLevel(_parent, args, context) {
      const { user } = await requireViewerTenant(context);
      const input = validate(levelInput, { level: args.level, page: args.page ?? 1 });
      return teamLevel(context.db, user, input.level, input.page);
    },
    async affTopTeam(_parent, _args, context) {
      return topTeam(context.db, (await requireViewerTenant(context)).user);
    },
    async affEarnings(_parent, _args, context) {
      return earnings(context.db, (await requireViewerTenant(context)).user);
    },
  },
};
