// Copy trading's read models (issue 32, server/schema.graphql "copy trading", Beyond §7): the tenant's strategies with
// their figures over a period, filtered and sorted; one strategy's page; the public ranking of a period and a ranked
// strategy's public page. Rankings and strategies answer visitors too: the client sends a token only when one is
// stored, so the same operations serve both. The pages show the contract's answers as they come (snake_case, Decimal
// strings), so the strategy handed to the Connect panel is the very object the page shows.
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import type {
  CopyTradingRankingQuery,
  CopyTradingRankingsQuery,
  CopyTradingStrategyQuery,
  StrategyCardFieldsFragment,
  StrategyStatsFieldsFragment,
} from './generated/graphql';
import { api } from './client';
import { queryKeys } from './query-keys';
import { defaultPeriod, isRankingPeriod, type RankingPeriod } from '../../domain/copy-trading';

graphql(`
  fragment StrategyStatsFields on StrategyStats {
    period
    roi_percent
    pnl
    max_drawdown_percent
    win_rate_percent
    trades
    runtime_days
    ranked
    rank
    computed_at
  }
`);

graphql(`
  fragment StrategyCardFields on Strategy {
    id
    name
    trader_name
    trader_avatar
    risk
    exchange_name
    quote_asset
    min_deposit
    max_followers
    followers
    capacity_left
    probation_until
    in_probation
    fee_percent
    started_at
    mine
    stats(period: $period) {
      ...StrategyStatsFields
    }
  }
`);

export const strategiesQuery = graphql(`
  query CopyTradingStrategies($whitelabel_uuid: ID!, $period: String!, $filter: StrategyFilter) {
    copyTradingStrategies(whitelabel_uuid: $whitelabel_uuid, period: $period, filter: $filter) {
      ...StrategyCardFields
    }
  }
`);

export const strategyQuery = graphql(`
  query CopyTradingStrategy($whitelabel_uuid: ID!, $id: ID!, $period: String!) {
    copyTradingStrategy(whitelabel_uuid: $whitelabel_uuid, id: $id, period: $period) {
      ...StrategyCardFields
      description
      all_stats {
        ...StrategyStatsFields
      }
      equity(period: $period) {
        at
        equity
      }
      recent_trades {
        id
        symbol
        side
        amount
        open_price
        close_price
        pnl
        opened_at
        closed_at
      }
    }
  }
`);

export const rankingsQuery = graphql(`
  query CopyTradingRankings($whitelabel_uuid: ID!, $period: String!) {
    rankings(whitelabel_uuid: $whitelabel_uuid, period: $period) {
      period
      computed_at
      min_runtime_days
      min_trades
      entries {
        rank
        strategy_id
        strategy_name
        trader_name
        trader_avatar
        risk
        quote_asset
        stats {
          ...StrategyStatsFields
        }
      }
    }
  }
`);

export const rankingQuery = graphql(`
  query CopyTradingRanking($whitelabel_uuid: ID!, $id: ID!, $period: String!) {
    ranking(whitelabel_uuid: $whitelabel_uuid, id: $id, period: $period) {
      period
      strategy_id
      strategy_name
      trader_name
      trader_avatar
      description
      risk
      quote_asset
      exchange_name
      started_at
      all_stats {
        ...StrategyStatsFields
      }
      equity {
        at
        equity
      }
    }
  }
`);

export type StrategyStats = StrategyStatsFieldsFragment;
export type StrategyCard = StrategyCardFieldsFragment;
export type StrategyDetail = CopyTradingStrategyQuery['copyTradingStrategy'];
export type StrategyTrade = StrategyDetail['recent_trades'][number];
export type EquityPoint = StrategyDetail['equity'][number];
export type Ranking = CopyTradingRankingsQuery['rankings'];
export type RankingEntry = Ranking['entries'][number];
export type RankingDetail = CopyTradingRankingQuery['ranking'];

/** The list's sorts (StrategyFilter.sort): roi first, drawdown smallest first. */
export const strategySorts = ['roi', 'pnl', 'drawdown', 'followers', 'newest'] as const;
export type StrategySort = (typeof strategySorts)[number];
export const riskChoices = [1, 2, 3] as const;
export type RiskChoice = (typeof riskChoices)[number];

/** What the list shows: a period, and filters and a sort that are each left out when not chosen. */
export interface StrategyListQuery {
  period: RankingPeriod;
  risk?: RiskChoice;
  quoteAsset?: string;
  openOnly?: boolean;
  sort?: StrategySort;
}

/** The page's address as the router kept it (shapes checked, values not: see -copy-trading-search.ts). */
export interface StrategyListSearch {
  period?: string;
  risk?: number;
  quote?: string;
  open?: boolean;
  order?: string;
}

/** A period from the address, or the default one (30d) for none or one this portal does not know. */
export const periodOf = (value: string | undefined): RankingPeriod => (isRankingPeriod(value) ? value : defaultPeriod);

/** The address's choices, each kept only when it is one the contract takes (a stale shared link shows the rest). */
export function toStrategyListQuery(search: StrategyListSearch): StrategyListQuery {
  const risk = riskChoices.find((choice) => choice === search.risk);
  const sort = strategySorts.find((choice) => choice === search.order);
  return {
    period: periodOf(search.period),
    ...(risk ? { risk } : {}),
    ...(search.quote ? { quoteAsset: search.quote } : {}),
    ...(search.open ? { openOnly: true } : {}),
    ...(sort && sort !== 'roi' ? { sort } : {}),
  };
}

/** The list's choices as the address keeps them (the default period and sort are left out). */
export const toStrategyListSearch = (query: StrategyListQuery): StrategyListSearch => ({
  period: query.period === defaultPeriod ? undefined : query.period,
  risk: query.risk,
  quote: query.quoteAsset,
  open: query.openOnly || undefined,
  order: query.sort,
});

const filterOf = ({ risk, quoteAsset, openOnly, sort }: StrategyListQuery) =>
  risk || quoteAsset || openOnly || sort ? { risk, quote_asset: quoteAsset, open_only: openOnly, sort } : null;

/** The tenant's strategies with their figures over the period, as filtered and sorted. */
export const strategiesQueryOptions = (whitelabelUuid: string, query: StrategyListQuery) =>
  queryOptions({
    queryKey: queryKeys.copyTrading.strategies(whitelabelUuid, query),
    queryFn: async (): Promise<StrategyCard[]> =>
      (await api.request(strategiesQuery, { whitelabel_uuid: whitelabelUuid, period: query.period, filter: filterOf(query) })).copyTradingStrategies,
  });

/** One strategy's page: its figures over every period, its equity curve over `period`, its latest trades. */
export const strategyQueryOptions = (whitelabelUuid: string, id: string, period: RankingPeriod) =>
  queryOptions({
    queryKey: queryKeys.copyTrading.strategy(whitelabelUuid, id, period),
    queryFn: async (): Promise<StrategyDetail> =>
      (await api.request(strategyQuery, { whitelabel_uuid: whitelabelUuid, id, period })).copyTradingStrategy,
  });

/** A period's public ranking (the same for a visitor and a member). */
export const rankingsQueryOptions = (whitelabelUuid: string, period: RankingPeriod) =>
  queryOptions({
    queryKey: queryKeys.copyTrading.rankings(whitelabelUuid, period),
    queryFn: async (): Promise<Ranking> => (await api.request(rankingsQuery, { whitelabel_uuid: whitelabelUuid, period })).rankings,
  });

/** A ranked strategy's public page, its equity curve over `period`. */
export const rankingQueryOptions = (whitelabelUuid: string, id: string, period: RankingPeriod) =>
  queryOptions({
    queryKey: queryKeys.copyTrading.ranking(whitelabelUuid, id, period),
    queryFn: async (): Promise<RankingDetail> => (await api.request(rankingQuery, { whitelabel_uuid: whitelabelUuid, id, period })).ranking,
  });
