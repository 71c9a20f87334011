// Copy trading's writes and the member's own views (issue 32; server/schema.graphql "copy trading"): link requests,
// the trader's decision, connections, the investors page, and the fields that say what the signed-in member has to
// do with a strategy or an account. A signed-in member of the tenant, and the spot or futures module on.
import * as v from 'valibot';
import { and, eq, ne } from 'drizzle-orm';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant, type Context } from '../../context';
import { idempotencyKeyField, validate } from '../../validation';
import { accountConnections, connectionTrades, connectionsWhere, requestsWhere, type ConnectionParent, type RequestView } from './connection-view';
import {
  disconnectConnection,
  investorsOverview,
  memberConnections,
  memberRequests,
  pauseConnection,
  resumeConnection,
  updateConnection,
  visibleConnection,
} from './connections';
import { copyConnections, linkRequests } from './copy-tables';
import { decideRequest } from './link-decide';
import { requestLink } from './links';
import { accountId as idOf, requireTrading } from './service';
import { strategyParents, type StrategyParent } from './strategy-row';
import { holdsPlace } from '../../../domain/copy-trading';

type ViewerLinks = { connections: Map<string, ConnectionParent>; requests: Map<string, RequestView> } | null;

/** The signed-in member's connections (not disconnected) and pending requests by strategy, read once per request:
 * a list of strategies asks for each one's. A connection that holds a place comes before one that stopped. */
const viewerLinks = new WeakMap<Context, Promise<ViewerLinks>>();

function linksOfViewer(context: Context, tenantId: number): Promise<ViewerLinks> {
  let loaded = viewerLinks.get(context);
  if (!loaded) {
    loaded = (async () => {
      if (!context.hasToken) return null;
      const { user, tenant } = await requireViewerTenant(context);
      if (tenant.id !== tenantId) return null;
      const [connections, requests] = await Promise.all([
        connectionsWhere(context.db, and(eq(copyConnections.userId, user.id), ne(copyConnections.status, 'disconnected'))),
        requestsWhere(context.db, and(eq(linkRequests.userId, user.id), eq(linkRequests.status, 'pending'))),
      ]);
      const byStrategy = new Map<string, ConnectionParent>();
      for (const connection of [...connections.filter((row) => holdsPlace(row.status)), ...connections]) {
        if (!byStrategy.has(connection.strategyId)) byStrategy.set(connection.strategyId, connection);
      }
      const requested = new Map<string, RequestView>();
      for (const request of requests) if (!requested.has(request.strategy_id)) requested.set(request.strategy_id, request);
      return { connections: byStrategy, requests: requested };
    })();
    viewerLinks.set(context, loaded);
  }
  return loaded;
}

/** Connection.strategy, each strategy read once per request (a trader's followers share a few). */
const strategiesRead = new WeakMap<Context, Map<string, Promise<StrategyParent>>>();

function strategyOf(context: Context, tenantId: number, id: string): Promise<StrategyParent> {
  let read = strategiesRead.get(context);
  if (!read) strategiesRead.set(context, (read = new Map()));
  let strategy = read.get(id);
  if (!strategy) {
    strategy = strategyParents(context.db, tenantId, [id]).then(([found]) => {
      if (!found) throw new Error(`Strategy ${id} vanished.`);
      return found;
    });
    read.set(id, strategy);
  }
  return strategy;
}

async function member(context: Context, uuid: string) {
  const viewer = await requireViewerTenant(context, uuid);
  await requireTrading(context.db, viewer.tenant);
  return viewer;
}

export const copyWriteResolvers: Resolvers = {
  Query: {
    async connection(_parent, args, context) {
      const { user, tenant } = await member(context, args.whitelabel_uuid);
      return visibleConnection(context.db, tenant, user, idOf(args.id));
    },
    async myConnections(_parent, args, context) {
      const { user, tenant } = await member(context, args.whitelabel_uuid);
      return memberConnections(context.db, tenant, user);
    },
    async myLinkRequests(_parent, args, context) {
      const { user, tenant } = await member(context, args.whitelabel_uuid);
      return memberRequests(context.db, tenant, user);
    },
    async investors(_parent, args, context) {
      const { user, tenant } = await member(context, args.whitelabel_uuid);
      return investorsOverview(context.db, tenant, user);
    },
  },
  Mutation: {
    async copyTradingLinkRequest(_parent, args, context) {
      const { user, tenant } = await member(context, args.whitelabel_uuid);
      const { idempotency_key } = validate(v.object({ idempotency_key: idempotencyKeyField }), args);
      const ids = { strategyId: idOf(args.strategy_id), accountId: idOf(args.account_id) };
      return requestLink(context.db, tenant, user, ids, args.settings, idempotency_key ?? null);
    },
    async investorRequestDecide(_parent, args, context) {
      const { user, tenant } = await member(context, args.whitelabel_uuid);
      return decideRequest(context.db, context.config, tenant, user, idOf(args.request_id), args.accept, args.reason);
    },
    async connectionUpdate(_parent, args, context) {
      const { user, tenant } = await member(context, args.whitelabel_uuid);
      return updateConnection(context.db, tenant, user, idOf(args.id), args.settings);
    },
    async connectionPause(_parent, args, context) {
      const { user, tenant } = await member(context, args.whitelabel_uuid);
      return pauseConnection(context.db, tenant, user, idOf(args.id));
    },
    async connectionResume(_parent, args, context) {
      const { user, tenant } = await member(context, args.whitelabel_uuid);
      return resumeConnection(context.db, tenant, user, idOf(args.id));
    },
    async connectionDisconnect(_parent, args, context) {
      const { user, tenant } = await member(context, args.whitelabel_uuid);
      return disconnectConnection(context.db, tenant, user, idOf(args.id), args.reason);
    },
  },
  Strategy: {
    async my_connection(parent, _args, context) {
      return (await linksOfViewer(context, parent.tenantId))?.connections.get(parent.id) ?? null;
    },
    async my_request(parent, _args, context) {
      return (await linksOfViewer(context, parent.tenantId))?.requests.get(parent.id) ?? null;
    },
  },
  Connection: {
    strategy: (parent, _args, context) => strategyOf(context, parent.tenantId, parent.strategyId),
    trades: (parent, _args, context) => connectionTrades(context.db, parent.id),
  },
  ExchangeAccount: {
    connections: (parent, _args, context) => accountConnections(context.db, parent.id),
  },
};
