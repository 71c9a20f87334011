// The signed-in member as the shell shows it.
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import { api } from './client';

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
      language
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

export const meQueryOptions = () =>
  queryOptions({ queryKey: ['me'], queryFn: () => api.request(meQuery) });

export const userSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['userSettings'], queryFn: () => api.request(userSettingsQuery) });
