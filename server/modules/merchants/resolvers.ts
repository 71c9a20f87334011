// Buying assets from merchants (issue 27; server/schema.graphql "merchants"): every operation needs the viewer
// on their own tenant with the ito module.
import * as v from 'valibot';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant } from '../../context';
import { idempotencyKeyField, validate } from '../../validation';
import { invoiceViews } from '../payments/invoice-views';
import { buyQuote, makeQuote, merchantAssetList, requireMerchants } from './service';

const numericId = v.pipe(v.string('required'), v.regex(/^\d{1,9}$/, 'digits'), v.transform(Number));

export const merchantsResolvers: Resolvers = {
  Query: {
    async moduleMerchantAssets(_parent, args, context) {
      const { tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      await requireMerchants(context.db, tenant);
      return merchantAssetList(context.db, context.config, tenant);
    },
  },
  Mutation: {
    async moduleMerchantQuote(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      const input = validate(
        v.object({
          symbol: v.pipe(v.string('required'), v.trim(), v.maxLength(16, 'maxLength:16')),
          amount: v.pipe(v.string('required'), v.trim(), v.maxLength(16, 'maxLength:16')),
        }),
        args,
      );
      await requireMerchants(context.db, tenant);
      return makeQuote(context.db, context.config, user, tenant, input);
    },
    async moduleMerchantBuy(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      const input = validate(v.object({ quote_id: numericId, idempotency_key: idempotencyKeyField }), args);
      await requireMerchants(context.db, tenant);
      const id = await buyQuote(context.db, user, tenant, { quoteId: input.quote_id, idempotencyKey: input.idempotency_key ?? null });
      return (await invoiceViews(context.db, [id]))[0]!;
    },
  },
};
