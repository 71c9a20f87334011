// App-wide status: the app state (version, maintenance), the member's settings and the subscription polls
// (calls §4 "Polling").
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import { api } from './client';
import { queryKeys } from './query-keys';
import { subscriptionPoll, userSettingsPoll } from '../../domain/timing';

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
      can_activate
    }
  }
`);

export const userSettingsQuery = graphql(`
  query UserSettings {
    userSettings {
      status
      unpaid_trader_fee_invoices
      overdue_trader_fee_invoices
    }
  }
`);

export const activeSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.appStatus.activeSubscription(),
    queryFn: () => api.request(activeSubscriptionQuery),
    refetchInterval: subscriptionPoll,
    refetchOnWindowFocus: true,
  });

/** Member settings (suspension, unpaid and overdue invoices), polled every 60 s while signed in. */
export const userSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.appStatus.userSettings(),
    queryFn: () => api.request(userSettingsQuery),
    refetchInterval: userSettingsPoll,
    refetchOnWindowFocus: true,
  });
