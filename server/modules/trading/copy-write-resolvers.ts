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
import { strategyParents } from './strategy-row';

/** The signed-in member's connections (not disconnected) and pending requests by strategy, read once per request. */
const viewerLinks = new WeakMap<Context, Promise<{ connections: Map<string, ConnectionParent>; requests: Map<string, RequestView> } | null>>();

function linksOfViewer(context: Context, tenantId: number) {
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
      // Newest first: the first of each strategy is kept.
      const byStrategy = <T extends { strategyId?: string; strategy_id?: string }>(rows: T[], key: (row: T) => string) => {
        const map = new Map<string, T>();
        for (const row of rows) if (!map.has(key(row))) map.set(key(row), row);
        return map;
      };
      return { connections: byStrategy(connections, (row) => row.strategyId), requests: byStrategy(requests, (row) => row.strategy_id) };
    })();
    viewerLinks.set(context, loaded);
  }
  return loaded;
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
    async strategy(parent, _args, context) {
      const [strategy] = await strategyParents(context.db, parent.tenantId, [parent.strategyId]);
      if (!strategy) throw new Error(`Strategy ${parent.strategyId} vanished.`);
      return strategy;
    },
    trades: (parent, _args, context) => connectionTrades(context.db, parent.id),
  },
  ExchangeAccount: {
    connections: (parent, _args, context) => accountConnections(context.db, parent.id),
  },
};
