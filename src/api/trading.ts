// The trading area's calls (issue 31, server/schema.graphql "exchange accounts and services", Beyond §7): the
// exchanges accounts are added on, the member's exchange accounts and services, and adding, editing and
// disconnecting an account; the mapping of the contract's answers to the flows' and pages' shapes.
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { graphql } from './generated';
import type { ExchangeAccountFieldsFragment, ServiceFieldsFragment } from './generated/graphql';
import { api } from './client';
import { queryKeys } from './query-keys';
import {
  accountStatuses,
  credentialFields,
  serviceUsageSchema,
  suspensionCauses,
  type AccountStatus,
  type CredentialField,
  type SuspensionCause,
} from '../../domain/trading';
import type { SaveAccountRequest } from '../../machines/trading/exchange-account.types';
import type { ExchangeAccountRow, ExchangeOption, ServiceRow } from '../../machines/trading/trading.types';

graphql(`
  fragment ExchangeAccountFields on ExchangeAccount {
    id
    name
    exchange
    exchange_name
    status
    api_key_last4
    trading_balance {
      balance
      base_currency
    }
    balance_read_at
    disconnect_reason
    disconnected_at
    suspension_cause
    connections {
      id
      strategy_name
      status
      created_at
    }
    created_at
  }
`);

graphql(`
  fragment ServiceFields on Service {
    id
    name
    status
    type
    activated_till
    usage
    config {
      investor_accounts
      linkings
      exchanges
      trading_volume
      trading_volume_currency
      risk_management
    }
  }
`);

export const exchangesQuery = graphql(`
  query TradingExchanges($whitelabel_uuid: ID!) {
    moduleExchanges(whitelabel_uuid: $whitelabel_uuid) {
      id
      name
      required_credentials
    }
  }
`);

export const accountsQuery = graphql(`
  query TradingAccounts($whitelabel_uuid: ID!) {
    myAccounts(whitelabel_uuid: $whitelabel_uuid) {
      ...ExchangeAccountFields
    }
  }
`);

export const accountQuery = graphql(`
  query TradingAccount($whitelabel_uuid: ID!, $id: ID!) {
    myAccount(whitelabel_uuid: $whitelabel_uuid, id: $id) {
      ...ExchangeAccountFields
    }
  }
`);

export const servicesQuery = graphql(`
  query TradingServices($whitelabel_uuid: ID!) {
    myServices(whitelabel_uuid: $whitelabel_uuid) {
      ...ServiceFields
    }
  }
`);

export const accountCreateMutation = graphql(`
  mutation TradingAccountCreate($whitelabel_uuid: ID!, $input: ExchangeAccountInput!, $idempotency_key: String) {
    myAccountCreate(whitelabel_uuid: $whitelabel_uuid, input: $input, idempotency_key: $idempotency_key) {
      ...ExchangeAccountFields
    }
  }
`);

export const accountUpdateMutation = graphql(`
  mutation TradingAccountUpdate($whitelabel_uuid: ID!, $id: ID!, $input: ExchangeAccountUpdateInput!) {
    myAccountUpdate(whitelabel_uuid: $whitelabel_uuid, id: $id, input: $input) {
      ...ExchangeAccountFields
    }
  }
`);

export const accountDisconnectMutation = graphql(`
  mutation TradingAccountDisconnect($whitelabel_uuid: ID!, $id: ID!, $reason: String!) {
    myAccountDisconnect(whitelabel_uuid: $whitelabel_uuid, id: $id, reason: $reason) {
      ...ExchangeAccountFields
    }
  }
`);

// A status this portal does not know yet reads as not trading: the member sees it needs a look.
const statusOf = (status: string): AccountStatus => ((accountStatuses as readonly string[]).includes(status) ? (status as AccountStatus) : 'failed');
const causeOf = (cause: string | null | undefined): SuspensionCause | null =>
  cause && (suspensionCauses as readonly string[]).includes(cause) ? (cause as SuspensionCause) : null;

export function toExchangeAccount(account: ExchangeAccountFieldsFragment): ExchangeAccountRow {
  return {
    id: account.id,
    name: account.name,
    exchange: account.exchange,
    exchangeName: account.exchange_name,
    status: statusOf(account.status),
    apiKeyLast4: account.api_key_last4,
    balance: account.trading_balance ? { amount: account.trading_balance.balance, currency: account.trading_balance.base_currency } : null,
    balanceReadAt: account.balance_read_at ?? null,
    disconnectReason: account.disconnect_reason ?? null,
    disconnectedAt: account.disconnected_at ?? null,
    suspensionCause: causeOf(account.suspension_cause),
    connections: account.connections.map((connection) => ({
      id: connection.id,
      strategyName: connection.strategy_name,
      status: connection.status,
      createdAt: connection.created_at,
    })),
    createdAt: account.created_at,
  };
}

export function toService(service: ServiceFieldsFragment): ServiceRow {
  const usage = v.safeParse(serviceUsageSchema, service.usage);
  const config = service.config;
  return {
    id: service.id,
    name: service.name,
    status: service.status,
    type: service.type ?? null,
    activatedTill: service.activated_till ?? null,
    config: config
      ? {
          investorAccounts: config.investor_accounts ?? null,
          linkings: config.linkings ?? null,
          exchanges: config.exchanges && config.exchanges.length > 0 ? [...config.exchanges] : null,
          tradingVolume: config.trading_volume ?? null,
          tradingVolumeCurrency: config.trading_volume_currency ?? null,
          riskManagement: config.risk_management ?? null,
        }
      : null,
    usage: usage.success ? usage.output : null,
  };
}

/** The exchanges accounts are added on, with exactly the credentials each needs (in the contract's order). */
export const exchangesQueryOptions = (whitelabelUuid: string) =>
  queryOptions({
    queryKey: queryKeys.trading.exchanges(whitelabelUuid),
    queryFn: async (): Promise<ExchangeOption[]> =>
      (await api.request(exchangesQuery, { whitelabel_uuid: whitelabelUuid })).moduleExchanges.map((exchange) => ({
        id: exchange.id,
        name: exchange.name,
        requiredCredentials: credentialFields.filter((field: CredentialField) => exchange.required_credentials.includes(field)),
      })),
    staleTime: 10 * 60_000,
  });

/** The member's exchange accounts, newest first. */
export const accountsQueryOptions = (whitelabelUuid: string) =>
  queryOptions({
    queryKey: queryKeys.trading.accounts(whitelabelUuid),
    queryFn: async () => (await api.request(accountsQuery, { whitelabel_uuid: whitelabelUuid })).myAccounts.map(toExchangeAccount),
  });

/** One of the member's accounts; another's or an unknown id is not_found (AccountNotFound). */
export const accountQueryOptions = (whitelabelUuid: string, id: string) =>
  queryOptions({
    queryKey: queryKeys.trading.account(whitelabelUuid, id),
    queryFn: async () => toExchangeAccount((await api.request(accountQuery, { whitelabel_uuid: whitelabelUuid, id })).myAccount),
  });

/** The member's services, active first. */
export const servicesQueryOptions = (whitelabelUuid: string) =>
  queryOptions({
    queryKey: queryKeys.trading.services(whitelabelUuid),
    queryFn: async () => (await api.request(servicesQuery, { whitelabel_uuid: whitelabelUuid })).myServices.map(toService),
  });

/** Adds the account (once per idempotency key), or edits it: its name, and a new key when one is sent. */
export async function saveAccount(whitelabelUuid: string, request: SaveAccountRequest): Promise<ExchangeAccountRow> {
  const { input } = request;
  if (request.accountId === null) {
    const { myAccountCreate } = await api.request(accountCreateMutation, {
      whitelabel_uuid: whitelabelUuid,
      input: { name: input.name, exchange: input.exchange, api_key: input.api_key ?? '', secret: input.secret ?? '', passphrase: input.passphrase },
      idempotency_key: request.idempotencyKey,
    });
    return toExchangeAccount(myAccountCreate);
  }
  const { myAccountUpdate } = await api.request(accountUpdateMutation, {
    whitelabel_uuid: whitelabelUuid,
    id: request.accountId,
    input: { name: input.name, api_key: input.api_key, secret: input.secret, passphrase: input.passphrase },
  });
  return toExchangeAccount(myAccountUpdate);
}

export async function disconnectAccount(whitelabelUuid: string, id: string, reason: string): Promise<ExchangeAccountRow> {
  const { myAccountDisconnect } = await api.request(accountDisconnectMutation, { whitelabel_uuid: whitelabelUuid, id, reason });
  return toExchangeAccount(myAccountDisconnect);
}
