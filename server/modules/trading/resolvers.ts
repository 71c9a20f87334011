// Exchange accounts and services (issue 31; server/schema.graphql "exchange accounts and services"): a signed-in
// member of the tenant, and the spot or futures module on (without it every operation is not_found before its
// arguments are read).
import * as v from 'valibot';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant } from '../../context';
import { idempotencyKeyField, validate } from '../../validation';
import {
  accountId,
  createAccount,
  disconnectAccount,
  memberAccount,
  memberAccounts,
  moduleExchanges,
  requireTrading,
  updateAccount,
} from './service';
import { memberServices } from './services';

export const tradingResolvers: Resolvers = {
  Query: {
    async moduleExchanges(_parent, args, context) {
      const { tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      await requireTrading(context.db, tenant);
      return moduleExchanges(context.config);
    },
    async myAccounts(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      await requireTrading(context.db, tenant);
      return memberAccounts(context.db, tenant, user);
    },
    async myAccount(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      await requireTrading(context.db, tenant);
      return memberAccount(context.db, tenant, user, accountId(args.id));
    },
    async myServices(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      await requireTrading(context.db, tenant);
      return memberServices(context.db, tenant, user);
    },
  },
  Mutation: {
    async myAccountCreate(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      await requireTrading(context.db, tenant);
      const { idempotency_key } = validate(v.object({ idempotency_key: idempotencyKeyField }), args);
      return createAccount(context.db, context.config, tenant, user, args.input, idempotency_key ?? null);
    },
    async myAccountUpdate(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      await requireTrading(context.db, tenant);
      return updateAccount(context.db, context.config, tenant, user, accountId(args.id), args.input);
    },
    async myAccountDisconnect(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      await requireTrading(context.db, tenant);
      return disconnectAccount(context.db, tenant, user, accountId(args.id), args.reason);
    },
  },
};
