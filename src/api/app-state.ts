// App-wide status: the app state (version, maintenance), the member's settings and subscription polls.
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import { api } from './client';

export const appStateQuery = graphql(`
  query AppState($app_name: String) {
    appState(app_name: $app_name) {
      version
      status
      logout_needed
    }
  }
`);

export const activeSubscriptionQuery = graphql(`
  query ActiveSubscription {
    whiteLabelUserActiveSubscription {
      enabled
      active
      till
    }
  }
`);

/** Polls (calls §4 "Polling"): member settings every 60 s and the active subscription every 30 s. */
export const pollIntervals = { me: 15_000, userSettings: 60_000, activeSubscription: 30_000 } as const;

export const activeSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ['activeSubscription'],
    queryFn: () => api.request(activeSubscriptionQuery),
    refetchInterval: pollIntervals.activeSubscription,
    refetchOnWindowFocus: true,
  });
