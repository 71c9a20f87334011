// Shop: products, categories, carts (a member's, or a visitor's by anonymous id), promo codes and the
// invoice made from a cart. Visitors reach the public store only where the products module allows it.
import * as v from 'valibot';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant, viewerOrGuestTenant, type Viewer } from '../../context';
import { unauthenticated, validationError } from '../../errors';
import { billingCycleField, idempotencyKeyField, tenantField, validate } from '../../validation';
import { cartQty, productSearchMax, promoCodeMax } from '../../../domain/limits';
import { invoiceViews } from '../payments/invoice-views';
import { anonymousIdField, openShop, refField, refOf, type Shop } from './access';
import { addToCart, findCart, mergeGuestCart, updateCartLine, type CartOwner } from './cart';
import { findProduct, listCategories, listProducts, productSorts } from './catalog';
import { createOrderInvoice } from './checkout';
import { checkPromoCode } from './promo';
const numericId = v.pipe(v.string('required'), v.regex(/^\d{1,9}$/, 'invalidId'), v.transform((value) => Number.parseInt(value, 10)));
const qtyField = (min: number) =>
  v.pipe(v.number('required'), v.integer('integer'), v.minValue(min, `minValue:${min}`), v.maxValue(cartQty.max, `maxValue:${cartQty.max}`));

const productsInput = v.object({
  whitelabel_uuid: tenantField,
  search: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(productSearchMax, `maxLength:${productSearchMax}`))),
  category_id: v.nullish(numericId),
  sort_order: v.nullish(v.picklist(productSorts, 'sortOrder')),
});

const addInput = v.object({
  whitelabel_uuid: tenantField,
  product_id: refField,
  anonymous_id: v.nullish(anonymousIdField),
  input: v.object({ qty: qtyField(cartQty.min), billing_cycle: billingCycleField }),
});

const updateInput = v.object({
  whitelabel_uuid: tenantField,
  order_id: numericId,
  product_id: refField,
  anonymous_id: v.nullish(anonymousIdField),
  input: v.object({ qty: qtyField(0), billing_cycle: v.nullish(billingCycleField) }),
});

const cartInput = v.object({
  whitelabel_uuid: tenantField,
  user_uuid: v.nullish(v.pipe(v.string(), v.uuid('invalidId'))),
  anonymous_id: v.nullish(anonymousIdField),
  order_id: v.nullish(numericId),
});

const promoInput = v.object({
  whitelabel_uuid: tenantField,
  promocode: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(promoCodeMax, `maxLength:${promoCodeMax}`)),
  product_ids: v.pipe(v.array(refField), v.maxLength(200, 'maxLength:200')),
});

const invoiceInput = v.object({
  order_id: numericId,
  promocode: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(promoCodeMax, `maxLength:${promoCodeMax}`))),
  idempotency_key: idempotencyKeyField,
});

/** Whose cart a call is about: the signed-in member's, else the visitor's anonymous id. */
function cartOwner(shop: Shop, viewer: Viewer | null, anonymousId: string | null | undefined): CartOwner {
  if (viewer) return { tenantId: shop.tenant.id, userId: viewer.user.id };
  if (!anonymousId) throw validationError({ anonymous_id: ['required'] });
  return { tenantId: shop.tenant.id, anonymousId };
}

const done = (message: string) => ({ status: 'success', message });

export const shopResolvers: Resolvers = {
  Query: {
    async moduleProducts(_parent, args, context) {
      const input = validate(productsInput, args);
      const shop = await openShop(context.db, await viewerOrGuestTenant(context, input.whitelabel_uuid));
      return listProducts(context.db, shop, {
        search: input.search || null,
        categoryId: input.category_id ?? null,
        sort: input.sort_order ?? 'default',
      });
    },
    async moduleProduct(_parent, args, context) {
      const input = validate(v.object({ whitelabel_uuid: tenantField, id: refField }), args);
      const shop = await openShop(context.db, await viewerOrGuestTenant(context, input.whitelabel_uuid));
      return findProduct(context.db, shop, refOf(input.id)!);
    },
    async moduleProductCategories(_parent, args, context) {
      const input = validate(v.object({ whitelabel_uuid: tenantField }), args);
      const shop = await openShop(context.db, await viewerOrGuestTenant(context, input.whitelabel_uuid));
      return listCategories(context.db, shop);
    },
    async moduleProductsShopingCart(_parent, args, context) {
      const input = validate(cartInput, args);
      const access = await viewerOrGuestTenant(context, input.whitelabel_uuid);
      if (input.user_uuid) {
        if (!access.viewer) throw unauthenticated();
        if (input.user_uuid !== access.viewer.user.uuid) throw validationError({ user_uuid: ['notAllowed'] });
      }
      const shop = await openShop(context.db, access);
      if (!access.viewer && !input.anonymous_id) return null;
      return findCart(context.db, cartOwner(shop, access.viewer, input.anonymous_id), shop.tenant, input.order_id ?? null);
    },
  },
  Mutation: {
    async moduleProductsAddToShoppingCart(_parent, args, context) {
      const input = validate(addInput, args);
      const access = await viewerOrGuestTenant(context, input.whitelabel_uuid);
      const shop = await openShop(context.db, access);
      await addToCart(context.db, cartOwner(shop, access.viewer, input.anonymous_id), refOf(input.product_id), input.input.qty, input.input.billing_cycle);
      return done('The product is in the cart.');
    },
    async moduleProductsRemoveFromShoppingCart(_parent, args, context) {
      const input = validate(updateInput, args);
      const access = await viewerOrGuestTenant(context, input.whitelabel_uuid);
      const shop = await openShop(context.db, access);
      await updateCartLine(
        context.db,
        cartOwner(shop, access.viewer, input.anonymous_id),
        input.order_id,
        refOf(input.product_id),
        input.input.qty,
        input.input.billing_cycle ?? null,
      );
      return done(input.input.qty === 0 ? 'The product is out of the cart.' : 'The cart is updated.');
    },
    async moduleProductsMergeGuestCart(_parent, args, context) {
      const input = validate(v.object({ whitelabel_uuid: tenantField, anonymous_id: anonymousIdField }), args);
      const viewer = await requireViewerTenant(context, input.whitelabel_uuid);
      const { tenant } = await openShop(context.db, { tenant: viewer.tenant, viewer });
      return mergeGuestCart(context.db, tenant, viewer.user.id, input.anonymous_id);
    },
    async modulePromoCodesCheck(_parent, args, context) {
      const input = validate(promoInput, args);
      const access = await viewerOrGuestTenant(context, input.whitelabel_uuid);
      const { tenant } = await openShop(context.db, access);
      return checkPromoCode(context.db, tenant, access.viewer, input.promocode, input.product_ids.map(refOf));
    },
    async moduleProductsCreateInvoice(_parent, args, context) {
      const input = validate(invoiceInput, args);
      const viewer = await requireViewerTenant(context);
      const ids = await createOrderInvoice(context.db, viewer, {
        orderId: input.order_id,
        promocode: input.promocode || null,
        idempotencyKey: input.idempotency_key ?? null,
      });
      return invoiceViews(context.db, ids);
    },
  },
};
