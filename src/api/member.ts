// The signed-in member as the shell shows it.
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import { api } from './client';
import { pollIntervals } from './app-state';

export const meQuery = graphql(`
  query Me {
    me {
      id
      uuid
      name
      avatar
      obfuscated_email
      refid
      reference_id
      auto_register
      twofa
      twofa_method
      language
      phone
      telegram
      support_verification_code
      sponsor {
        name
        avatar
        email
        telegram
        phone
      }
      wallet_balance {
        currency
        symbol
        type
        available
        locked
        usdt_value
      }
      purchase {
        name
        description
        active_till
        has_upgrades
      }
      purchases {
        name
      }
      services {
        id
        name
        status
      }
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

// Both poll while the tab is visible (TanStack pauses interval refetches in a hidden tab) and refresh once
// when it becomes visible again; answers that did not change keep their references, so nothing re-renders.
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: () => api.request(meQuery),
    refetchInterval: pollIntervals.me,
    refetchOnWindowFocus: true,
  });

export const userSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['userSettings'],
    queryFn: () => api.request(userSettingsQuery),
    refetchInterval: pollIntervals.userSettings,
    refetchOnWindowFocus: true,
  });
