// The roadmap area's calls (issue 30, server/schema.graphql "deals, licenses, roadmap", Beyond §7): the tenant's
// roadmap items with the member's votes, and a vote given or taken back (one per member and item, Fider-style).
// The vote is a mutation with an optimistic update: the count and the button change at once, and go back if the
// server refuses (the query client's notifier says why).
import { i18n } from '@lingui/core';
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { graphql } from './generated';
import type { RoadmapItemFieldsFragment } from './generated/graphql';
import { api } from './client';
import { queryKeys } from './query-keys';
import { roadmapStages, type RoadmapStage } from '../../domain/roadmap';

graphql(`
  fragment RoadmapItemFields on RoadmapItem {
    id
    title
    description
    stage
    quarter
    date
    votes
    vote
  }
`);

export const roadmapQuery = graphql(`
  query Roadmap($whitelabel_uuid: ID!) {
    moduleRoadmap(whitelabel_uuid: $whitelabel_uuid) {
      ...RoadmapItemFields
    }
  }
`);

export const roadmapVoteMutation = graphql(`
  mutation RoadmapVote($whitelabel_uuid: ID!, $item_id: ID!, $vote: Boolean!) {
    moduleRoadmapVote(whitelabel_uuid: $whitelabel_uuid, item_id: $item_id, vote: $vote) {
      ...RoadmapItemFields
    }
  }
`);

export interface RoadmapItem {
  id: string;
  title: string;
  /** Rich text (HTML) as the tenant wrote it: sanitised where it is shown. */
  description: string;
  stage: RoadmapStage;
  /** Like 2026-Q4. */
  quarter: string;
  date: string;
  votes: number;
  /** Whether the member voted for it. */
  vote: boolean;
}

// A stage this portal does not know yet reads as planned.
const stageOf = (stage: string): RoadmapStage => ((roadmapStages as readonly string[]).includes(stage) ? (stage as RoadmapStage) : 'planned');

export const toRoadmapItem = (item: RoadmapItemFieldsFragment): RoadmapItem => ({
  id: item.id,
  title: item.title,
  description: item.description,
  stage: stageOf(item.stage),
  quarter: item.quarter,
  date: item.date,
  votes: item.votes,
  vote: item.vote,
});

/** The items come in the language the portal shows (the client sends it as Accept-Language): it is in the key. */
export const roadmapQueryOptions = (whitelabelUuid: string) =>
  queryOptions({
    queryKey: queryKeys.roadmap.items(whitelabelUuid, i18n.locale),
    queryFn: async () => (await api.request(roadmapQuery, { whitelabel_uuid: whitelabelUuid })).moduleRoadmap.map(toRoadmapItem),
  });

/** An item with the member's vote given (true) or taken back (false), as the server will count it. */
export const withVote = (item: RoadmapItem, vote: boolean): RoadmapItem =>
  item.vote === vote ? item : { ...item, vote, votes: Math.max(0, item.votes + (vote ? 1 : -1)) };

export interface RoadmapVote {
  itemId: string;
  vote: boolean;
}

/**
 * Voting: the list shows the vote at once; a refusal puts back what was shown before, and the server's answer
 * (the count with other members' votes) replaces the guess.
 */
export const roadmapVoteMutationOptions = (queryClient: QueryClient, whitelabelUuid: string) => {
  const key = queryKeys.roadmap.items(whitelabelUuid, i18n.locale);
  return mutationOptions({
    mutationKey: ['roadmap', 'vote', whitelabelUuid],
    mutationFn: async ({ itemId, vote }: RoadmapVote) =>
      toRoadmapItem((await api.request(roadmapVoteMutation, { whitelabel_uuid: whitelabelUuid, item_id: itemId, vote })).moduleRoadmapVote),
    onMutate: async ({ itemId, vote }: RoadmapVote) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<RoadmapItem[]>(key);
      queryClient.setQueryData<RoadmapItem[]>(key, (items) => items?.map((item) => (item.id === itemId ? withVote(item, vote) : item)));
      return { before };
    },
    onError: (_error, _vote, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (answer: RoadmapItem) => {
      queryClient.setQueryData<RoadmapItem[]>(key, (items) => items?.map((item) => (item.id === answer.id ? answer : item)));
    },
  });
};
