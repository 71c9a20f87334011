// Copy trading's links (issue 32, server/schema.graphql "copy trading", Beyond §7): asking to follow a strategy, the
// member's requests and connections, a connection's changes, and the trader's /investors with their decisions; the
// mapping of the contract's answers to the flows' and pages' shapes.
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import type {
  CopyConnectionBriefFieldsFragment,
  CopyConnectionCoreFieldsFragment,
  CopyConnectionFieldsFragment,
  CopyLinkRequestFieldsFragment,
} from './generated/graphql';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { AppError } from '../../domain/app-error';
import { copyConnectionStatuses, holdsPlace, requestStatuses, type CopyConnectionStatus, type RequestStatus } from '../../domain/copy-trading';
import { serviceLimits, suspensionCauses, type SuspensionCause } from '../../domain/trading';
import { linkRequestPoll } from '../../domain/timing';
import type {
  ConnectionBrief,
  ConnectionRow,
  CopySettingsRow,
  InvestorsOverview,
  LinkFactsLoaded,
  LinkRequestRow,
  LinkStrategy,
} from '../../machines/trading/copy-links.types';
import type { FollowingAsk, FollowingNow, SendLinkRequest } from '../../machines/trading/link-request.types';
import type { UpdateConnectionRequest } from '../../machines/trading/connection.types';
import type { DecideRequest } from '../../machines/trading/request-decision.types';

graphql(`
  fragment CopyLinkRequestFields on LinkRequest {
    id
    strategy_id
    strategy_name
    account_id
    account_name
    exchange
    member_name
    status
    settings {
      lot_size_percent
      max_drawdown_percent
      quote_asset
    }
    review_deadline
    decided_at
    decline_reason
    expired
    connection_id
    created_at
  }
`);

graphql(`
  fragment CopyConnectionBriefFields on Connection {
    id
    status
    account_name
    key_deadline
  }
`);

graphql(`
  fragment CopyConnectionCoreFields on Connection {
    ...CopyConnectionBriefFields
    strategy {
      id
      name
      trader_name
      quote_asset
    }
    account_id
    exchange
    member_name
    settings {
      lot_size_percent
      max_drawdown_percent
      quote_asset
    }
    pnl
    drawdown_percent
    trade_count
    started_at
    linked_at
    paused_at
    stopped_at
    disconnect_reason
    suspension_cause
    request_id
  }
`);

graphql(`
  fragment CopyConnectionFields on Connection {
    ...CopyConnectionCoreFields
    trades {
      id
      symbol
      side
      amount
      open_price
      close_price
      pnl
      closed_at
    }
  }
`);

export const linkFactsQuery = graphql(`
  query CopyLinkFacts($whitelabel_uuid: ID!, $strategy_id: ID!) {
    copyTradingStrategy(whitelabel_uuid: $whitelabel_uuid, id: $strategy_id) {
      id
      name
      quote_asset
      min_deposit
      in_probation
      capacity_left
      mine
      my_request {
        ...CopyLinkRequestFields
      }
      my_connection {
        ...CopyConnectionBriefFields
      }
    }
    myAccounts(whitelabel_uuid: $whitelabel_uuid) {
      id
      name
      exchange_name
      status
      trading_balance {
        balance
        base_currency
      }
    }
    myServices(whitelabel_uuid: $whitelabel_uuid) {
      status
      config {
        investor_accounts
        linkings
        exchanges
      }
    }
    myConnections(whitelabel_uuid: $whitelabel_uuid) {
      id
      status
      account_id
    }
    myLinkRequests(whitelabel_uuid: $whitelabel_uuid) {
      id
      status
      account_id
    }
    userSettings {
      status
      overdue_trader_fee_invoices
    }
    me {
      id
      security {
        trading_suspended
      }
    }
  }
`);

/** A look at a request being followed: the member's requests, or the connection once it is known (one operation). */
export const followingQuery = graphql(`
  query CopyFollowing($whitelabel_uuid: ID!, $connection_id: ID!, $by_connection: Boolean!) {
    myLinkRequests(whitelabel_uuid: $whitelabel_uuid) @skip(if: $by_connection) {
      ...CopyLinkRequestFields
    }
    connection(whitelabel_uuid: $whitelabel_uuid, id: $connection_id) @include(if: $by_connection) {
      ...CopyConnectionBriefFields
    }
  }
`);

export const connectionQuery = graphql(`
  query CopyConnection($whitelabel_uuid: ID!, $id: ID!) {
    connection(whitelabel_uuid: $whitelabel_uuid, id: $id) {
      ...CopyConnectionFields
    }
  }
`);

/** The same, read again while the page is shown (its own name, so a look is told apart from the first load). */
export const connectionLookQuery = graphql(`
  query CopyConnectionLook($whitelabel_uuid: ID!, $id: ID!) {
    connection(whitelabel_uuid: $whitelabel_uuid, id: $id) {
      ...CopyConnectionFields
    }
  }
`);

export const investorsQuery = graphql(`
  query CopyInvestors($whitelabel_uuid: ID!) {
    investors(whitelabel_uuid: $whitelabel_uuid) {
      strategies {
        id
        name
        followers
        max_followers
        quote_asset
        in_probation
      }
      followers {
        ...CopyConnectionCoreFields
      }
      requests {
        ...CopyLinkRequestFields
      }
    }
  }
`);

export const linkRequestMutation = graphql(`
  mutation CopyLinkRequestCreate($whitelabel_uuid: ID!, $strategy_id: ID!, $account_id: ID!, $settings: CopySettingsInput, $idempotency_key: String) {
    copyTradingLinkRequest(
      whitelabel_uuid: $whitelabel_uuid
      strategy_id: $strategy_id
      account_id: $account_id
      settings: $settings
      idempotency_key: $idempotency_key
    ) {
      ...CopyLinkRequestFields
    }
  }
`);

export const connectionUpdateMutation = graphql(`
  mutation CopyConnectionUpdate($whitelabel_uuid: ID!, $id: ID!, $settings: CopySettingsInput!) {
    connectionUpdate(whitelabel_uuid: $whitelabel_uuid, id: $id, settings: $settings) {
      ...CopyConnectionFields
    }
  }
`);

export const connectionPauseMutation = graphql(`
  mutation CopyConnectionPause($whitelabel_uuid: ID!, $id: ID!) {
    connectionPause(whitelabel_uuid: $whitelabel_uuid, id: $id) {
      ...CopyConnectionFields
    }
  }
`);

export const connectionResumeMutation = graphql(`
  mutation CopyConnectionResume($whitelabel_uuid: ID!, $id: ID!) {
    connectionResume(whitelabel_uuid: $whitelabel_uuid, id: $id) {
      ...CopyConnectionFields
    }
  }
`);

export const connectionDisconnectMutation = graphql(`
  mutation CopyConnectionDisconnect($whitelabel_uuid: ID!, $id: ID!, $reason: String!) {
    connectionDisconnect(whitelabel_uuid: $whitelabel_uuid, id: $id, reason: $reason) {
      ...CopyConnectionFields
    }
  }
`);

export const requestDecideMutation = graphql(`
  mutation CopyInvestorDecide($whitelabel_uuid: ID!, $request_id: ID!, $accept: Boolean!, $reason: String) {
    investorRequestDecide(whitelabel_uuid: $whitelabel_uuid, request_id: $request_id, accept: $accept, reason: $reason) {
      ...CopyLinkRequestFields
    }
  }
`);

// A status this portal does not know yet reads as failed: the member sees it needs a look.
const requestStatusOf = (status: string): RequestStatus => ((requestStatuses as readonly string[]).includes(status) ? (status as RequestStatus) : 'failed');
const connectionStatusOf = (status: string): CopyConnectionStatus =>
  (copyConnectionStatuses as readonly string[]).includes(status) ? (status as CopyConnectionStatus) : 'failed';
const causeOf = (cause: string | null | undefined): SuspensionCause | null =>
  cause && (suspensionCauses as readonly string[]).includes(cause) ? (cause as SuspensionCause) : null;

const toSettings = (settings: { lot_size_percent: number; max_drawdown_percent?: number | null; quote_asset: string }): CopySettingsRow => ({
  lotSizePercent: settings.lot_size_percent,
  maxDrawdownPercent: settings.max_drawdown_percent ?? null,
  quoteAsset: settings.quote_asset,
});

export function toLinkRequest(request: CopyLinkRequestFieldsFragment): LinkRequestRow {
  return {
    id: request.id,
    strategyId: request.strategy_id,
    strategyName: request.strategy_name,
    accountId: request.account_id,
    accountName: request.account_name,
    exchange: request.exchange,
    memberName: request.member_name,
    status: requestStatusOf(request.status),
    settings: toSettings(request.settings),
    reviewDeadline: request.review_deadline,
    decidedAt: request.decided_at ?? null,
    declineReason: request.decline_reason ?? null,
    expired: request.expired,
    connectionId: request.connection_id ?? null,
    createdAt: request.created_at,
  };
}

export const toConnectionBrief = (connection: CopyConnectionBriefFieldsFragment): ConnectionBrief => ({
  id: connection.id,
  status: connectionStatusOf(connection.status),
  accountName: connection.account_name,
  keyDeadline: connection.key_deadline ?? null,
});

export function toConnection(connection: CopyConnectionCoreFieldsFragment & Partial<Pick<CopyConnectionFieldsFragment, 'trades'>>): ConnectionRow {
  return {
    ...toConnectionBrief(connection),
    strategy: {
      id: connection.strategy.id,
      name: connection.strategy.name,
      traderName: connection.strategy.trader_name,
      quoteAsset: connection.strategy.quote_asset,
    },
    accountId: connection.account_id,
    exchange: connection.exchange,
    memberName: connection.member_name,
    settings: toSettings(connection.settings),
    pnl: connection.pnl,
    drawdownPercent: connection.drawdown_percent,
    trades: (connection.trades ?? []).map((trade) => ({
      id: trade.id,
      symbol: trade.symbol,
      side: trade.side,
      amount: trade.amount,
      openPrice: trade.open_price,
      closePrice: trade.close_price,
      pnl: trade.pnl,
      closedAt: trade.closed_at,
    })),
    tradeCount: connection.trade_count,
    startedAt: connection.started_at,
    linkedAt: connection.linked_at ?? null,
    pausedAt: connection.paused_at ?? null,
    stoppedAt: connection.stopped_at ?? null,
    disconnectReason: connection.disconnect_reason ?? null,
    suspensionCause: causeOf(connection.suspension_cause),
    requestId: connection.request_id,
  };
}

/** A strategy as the Connect panel weighs it (the contract's fields a strategy page has too). */
export const toLinkStrategy = (strategy: {
  id: string;
  name: string;
  quote_asset: string;
  min_deposit: string;
  in_probation: boolean;
  capacity_left: number;
  mine: boolean;
}): LinkStrategy => ({
  id: strategy.id,
  name: strategy.name,
  quoteAsset: strategy.quote_asset,
  minDeposit: strategy.min_deposit,
  inProbation: strategy.in_probation,
  capacityLeft: strategy.capacity_left,
  mine: strategy.mine,
});

/** Everything the Connect panel weighs before the member starts (one call). */
export async function loadLinkFacts(whitelabelUuid: string, strategyId: string): Promise<LinkFactsLoaded> {
  const answer = await api.request(linkFactsQuery, { whitelabel_uuid: whitelabelUuid, strategy_id: strategyId });
  const strategy = answer.copyTradingStrategy;
  const pending = answer.myLinkRequests.filter((request) => request.status === 'pending');
  const holding = answer.myConnections.filter((connection) => holdsPlace(connection.status));
  const linkedAccounts = new Set([...pending, ...holding].map((link) => link.account_id));
  const active = answer.myServices.filter((service) => service.status === 'active');
  return {
    strategy: toLinkStrategy(strategy),
    myRequest: strategy.my_request ? toLinkRequest(strategy.my_request) : null,
    myConnection: strategy.my_connection ? toConnectionBrief(strategy.my_connection) : null,
    accounts: answer.myAccounts.map((account) => ({
      id: account.id,
      name: account.name,
      exchangeName: account.exchange_name,
      status: account.status,
      balance: account.trading_balance ? { amount: account.trading_balance.balance, currency: account.trading_balance.base_currency } : null,
      linked: linkedAccounts.has(account.id),
    })),
    member: {
      overdueInvoices: (answer.userSettings?.overdue_trader_fee_invoices ?? 0) > 0,
      tradingSuspended: Boolean(answer.me?.security.trading_suspended) || answer.userSettings?.status === 'suspended',
      // Linkings in use: connections that hold a place and pending requests (as the server counts them).
      linkingsUsed: pending.length + holding.length,
      linkingsAllowed: serviceLimits(active.map((service) => service.config ?? {})).linkings,
    },
  };
}

const notFound: AppError = { code: 'server', category: 'not_found', reason: 'AccountNotFound' };

const lookByConnection = async (whitelabelUuid: string, id: string) => {
  const { connection } = await api.request(followingQuery, { whitelabel_uuid: whitelabelUuid, connection_id: id, by_connection: true });
  if (!connection) throw notFound;
  return toConnectionBrief(connection);
};

/**
 * A look at a request being followed: the connection once known; else the request (the member's requests include
 * the decided ones of 30 days) and, when it was just accepted, its connection at once.
 */
export async function fetchFollowing(whitelabelUuid: string, ask: FollowingAsk): Promise<FollowingNow> {
  if (ask.connectionId) return { request: null, connection: await lookByConnection(whitelabelUuid, ask.connectionId) };
  const { myLinkRequests } = await api.request(followingQuery, { whitelabel_uuid: whitelabelUuid, connection_id: '', by_connection: false });
  const found = myLinkRequests?.find((row) => row.id === ask.requestId);
  if (!found) throw notFound;
  const request = toLinkRequest(found);
  const connection = request.status === 'active' && request.connectionId ? await lookByConnection(whitelabelUuid, request.connectionId) : null;
  return { request, connection };
}

export async function sendLinkRequest(whitelabelUuid: string, request: SendLinkRequest): Promise<LinkRequestRow> {
  const { copyTradingLinkRequest } = await api.request(linkRequestMutation, {
    whitelabel_uuid: whitelabelUuid,
    strategy_id: request.strategyId,
    account_id: request.accountId,
    settings: request.settings,
    idempotency_key: request.idempotencyKey,
  });
  return toLinkRequest(copyTradingLinkRequest);
}

/** One connection with its copied trades (the member's, or one to a strategy they run). */
export async function loadConnection(whitelabelUuid: string, id: string): Promise<ConnectionRow> {
  return toConnection((await api.request(connectionQuery, { whitelabel_uuid: whitelabelUuid, id })).connection);
}

/** The connection read again while its page is shown. */
export async function lookAtConnection(whitelabelUuid: string, id: string): Promise<ConnectionRow> {
  return toConnection((await api.request(connectionLookQuery, { whitelabel_uuid: whitelabelUuid, id })).connection);
}

/** The trader's strategies, followers and pending requests; read again while shown (new requests arrive). */
export const investorsQueryOptions = (whitelabelUuid: string) =>
  queryOptions({
    queryKey: queryKeys.copyLinks.investors(whitelabelUuid),
    queryFn: async (): Promise<InvestorsOverview> => {
      const { investors } = await api.request(investorsQuery, { whitelabel_uuid: whitelabelUuid });
      return {
        strategies: investors.strategies.map((strategy) => ({
          id: strategy.id,
          name: strategy.name,
          followers: strategy.followers,
          maxFollowers: strategy.max_followers,
          quoteAsset: strategy.quote_asset,
          inProbation: strategy.in_probation,
        })),
        followers: investors.followers.map(toConnection),
        requests: investors.requests.map(toLinkRequest),
      };
    },
    refetchInterval: linkRequestPoll,
  });

export async function updateConnection(whitelabelUuid: string, request: UpdateConnectionRequest): Promise<ConnectionRow> {
  const { connectionUpdate } = await api.request(connectionUpdateMutation, { whitelabel_uuid: whitelabelUuid, id: request.connectionId, settings: request.settings });
  return toConnection(connectionUpdate);
}

export async function pauseConnection(whitelabelUuid: string, id: string): Promise<ConnectionRow> {
  return toConnection((await api.request(connectionPauseMutation, { whitelabel_uuid: whitelabelUuid, id })).connectionPause);
}

export async function resumeConnection(whitelabelUuid: string, id: string): Promise<ConnectionRow> {
  return toConnection((await api.request(connectionResumeMutation, { whitelabel_uuid: whitelabelUuid, id })).connectionResume);
}

export async function disconnectConnection(whitelabelUuid: string, id: string, reason: string): Promise<ConnectionRow> {
  return toConnection((await api.request(connectionDisconnectMutation, { whitelabel_uuid: whitelabelUuid, id, reason })).connectionDisconnect);
}

export async function decideRequest(whitelabelUuid: string, decision: DecideRequest): Promise<LinkRequestRow> {
  const { investorRequestDecide } = await api.request(requestDecideMutation, {
    whitelabel_uuid: whitelabelUuid,
    request_id: decision.requestId,
    accept: decision.accept,
    reason: decision.reason,
  });
  return toLinkRequest(investorRequestDecide);
}
