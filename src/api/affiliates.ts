// The affiliates calls (Beyond §7, server/schema.graphql "Aff*"): the team by level (one level at a time),
// the top team list and the referral earnings. The sponsor (affSponsor) is the account area's query.
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import type { AffEarningsQuery, AffTeamLevelQuery, AffTeamQuery, AffTopTeamQuery } from './generated/graphql';
import { api } from './client';
import { queryKeys } from './query-keys';

export const affTeamQuery = graphql(`
  query AffTeam {
    affTeam {
      max_depth
      access_depth
      levels {
        level
        open
        count
        opens_with {
          kind
          tariff_name
        }
      }
    }
  }
`);

export const affTeamLevelQuery = graphql(`
  query AffTeamLevel($level: Int!, $page: Int) {
    affTeamLevel(level: $level, page: $page) {
      level
      page
      page_size
      total
      members {
        uuid
        name
        avatar
        joined_at
        referrals
        sponsor_name
      }
    }
  }
`);

export const affTopTeamQuery = graphql(`
  query AffTopTeam {
    affTopTeam {
      uuid
      name
      avatar
      level
      referrals
      earned
      currency
    }
  }
`);

export const affEarningsQuery = graphql(`
  query AffEarnings {
    affEarnings {
      currency
      minimum_payout
      holding_days
      pending
      on_hold
      below_minimum
      payable
      paid
      payable_from
      schedule {
        date
        released
        payable_total
        payable
      }
      items {
        id
        amount
        currency
        level
        from_name
        state
        created_at
        hold_until
        paid_at
      }
    }
  }
`);

export type AffTeam = AffTeamQuery['affTeam'];
export type AffTeamLevel = AffTeamLevelQuery['affTeamLevel'];
export type AffTopMember = AffTopTeamQuery['affTopTeam'][number];
export type AffEarnings = AffEarningsQuery['affEarnings'];
export type AffEarning = AffEarnings['items'][number];

export const affTeamQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.affiliates.team(), queryFn: () => api.request(affTeamQuery).then((data) => data.affTeam) });

/** One level of the team; a level beyond access fails with reason LevelAccessDenied. */
export const affTeamLevelQueryOptions = (level: number, page = 1) =>
  queryOptions({
    queryKey: queryKeys.affiliates.level(level, page),
    queryFn: () => api.request(affTeamLevelQuery, { level, page }).then((data) => data.affTeamLevel),
  });

export const affTopTeamQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.affiliates.topTeam(), queryFn: () => api.request(affTopTeamQuery).then((data) => data.affTopTeam) });

export const affEarningsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.affiliates.earnings(), queryFn: () => api.request(affEarningsQuery).then((data) => data.affEarnings) });
