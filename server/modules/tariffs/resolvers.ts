// Tariffs: the tariff line, buying a tariff, the upgrade cart and checkout, and the platform subscription a
// tenant owner activates. Only a signed-in member of the tenant checks out, always for themselves.
import * as v from 'valibot';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant, viewerOrGuestTenant } from '../../context';
import { validationError } from '../../errors';
import { billingCycleField, idempotencyKeyField, tenantField, validate } from '../../validation';
import { openShop, refField, refOf } from '../shop/access';
import { invoiceViews } from '../payments/invoice-views';
import { tariffsCheckout } from './checkouts';
import { activateSubscription, subscriptionPeriods } from './subscription';
import { listTariffs } from './tariff-line';
import { upgradeCart, upgradeCheckout } from './upgrades';

const uuidField = v.pipe(v.string('required'), v.uuid('invalidId'));

export const tariffsResolvers: Resolvers = {
  Query: {
    async moduleProductsTariffs(_parent, args, context) {
      const { whitelabel_uuid } = validate(v.object({ whitelabel_uuid: tenantField }), args);
      const shop = await openShop(context.db, await viewerOrGuestTenant(context, whitelabel_uuid));
      return listTariffs(context.db, shop);
    },
    async moduleProductsUpgradeCart(_parent, args, context) {
      const input = validate(
        v.object({
          whitelabel_uuid: tenantField,
          user_uuid: uuidField,
          order_id: refField,
          new_product_uuid: v.nullish(uuidField),
          billing_cycle: v.nullish(billingCycleField),
        }),
        args,
      );
      const viewer = await requireViewerTenant(context, input.whitelabel_uuid);
      if (input.user_uuid.toLowerCase() !== viewer.user.uuid) throw validationError({ user_uuid: ['notAllowed'] });
      const shop = await openShop(context.db, { tenant: viewer.tenant, viewer });
      return upgradeCart(context.db, shop, viewer.user, {
        purchaseRef: refOf(input.order_id),
        targetUuid: input.new_product_uuid ?? null,
        cycle: input.billing_cycle ?? null,
      });
    },
  },
  Mutation: {
    async moduleProductsTariffsCheckout(_parent, args, context) {
      const input = validate(
        v.object({
          whitelabel_uuid: tenantField,
          product_id: refField,
          billing_cycle: v.nullish(billingCycleField),
          idempotency_key: idempotencyKeyField,
        }),
        args,
      );
      const viewer = await requireViewerTenant(context, input.whitelabel_uuid);
      const { tenant } = await openShop(context.db, { tenant: viewer.tenant, viewer });
      const invoiceId = await tariffsCheckout(context.db, tenant, viewer.user, {
        productRef: refOf(input.product_id),
        cycle: input.billing_cycle ?? null,
        idempotencyKey: input.idempotency_key ?? null,
      });
      return { invoice_id: invoiceId, status: 'success', message: 'The invoice is ready to pay.' };
    },
    async moduleProductsUpgradeCheckout(_parent, args, context) {
      const input = validate(
        v.object({
          whitelabel_uuid: tenantField,
          current_purchase_uuid: uuidField,
          new_product_uuid: uuidField,
          billing_cycle: billingCycleField,
          idempotency_key: idempotencyKeyField,
        }),
        args,
      );
      const viewer = await requireViewerTenant(context, input.whitelabel_uuid);
      const { tenant } = await openShop(context.db, { tenant: viewer.tenant, viewer });
      const invoiceId = await upgradeCheckout(context.db, tenant, viewer.user, {
        purchaseUuid: input.current_purchase_uuid.toLowerCase(),
        targetUuid: input.new_product_uuid.toLowerCase(),
        cycle: input.billing_cycle,
        idempotencyKey: input.idempotency_key ?? null,
      });
      return (await invoiceViews(context.db, [invoiceId]))[0]!;
    },
    async whiteLabelActivateSubscription(_parent, args, context) {
      const input = validate(
        v.object({
          period: v.nullish(v.picklist(subscriptionPeriods, 'subscriptionPeriod')),
          idempotency_key: idempotencyKeyField,
        }),
        args,
      );
      const { user, tenant } = await requireViewerTenant(context);
      const invoiceId = await activateSubscription(context.db, tenant, user, {
        period: input.period ?? 'monthly',
        idempotencyKey: input.idempotency_key ?? null,
      });
      return (await invoiceViews(context.db, [invoiceId]))[0]!;
    },
  },
};
