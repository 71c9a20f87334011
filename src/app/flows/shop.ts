// Effects of the shop area's flows (spec §2 "Cart", §4 "Cart", "Promo code", calls §7): the cart, with the
// guest's anonymous id kept in this browser, and its promo code. createCartLogic(tenant) is the cart machine
// with its effects (and the promo flow it runs), made once per tenant; CartProvider mounts it for a page frame.
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { cartMachine } from '../../../machines/shop/cart.machine';
import type { CartInput } from '../../../machines/shop/cart.types';
import { promoMachine } from '../../../machines/shop/promo.machine';
import { isBillingCycle } from '../../../domain/pricing';
import { api } from '../../api/client';
import {
  addToCartMutation,
  cartQuery,
  checkPromoMutation,
  createInvoiceMutation,
  mergeGuestCartMutation,
  toActiveCart,
  toAppliedPromo,
  toCartLines,
  updateCartLineMutation,
} from '../../api/shop';
import { CartContext } from '../../features/shop/shop.contexts';
import { session } from '../../lib/session';
import { readLocal, storageKeys, writeLocal } from '../../lib/storage';
import { navigate } from '../router/navigation';
import { flowProvider } from './provide';
import { notifyFailure, outcome, perTenant } from './shared';

/** Other flows ask the cart to fetch itself again (spec §7 CART_UPDATE), e.g. once an invoice is paid. */
const cartUpdates = new EventTarget();
export const requestCartUpdate = () => cartUpdates.dispatchEvent(new Event('cart.update'));

export const createPromoLogic = perTenant((tenant) =>
  promoMachine.provide({
    actors: {
      checkPromo: fromPromise(({ input }) =>
        outcome(['PromoNotFound', 'PromoExpired', 'PromoUsedUp', 'PromoAlreadyUsed'], async () => {
          const { modulePromoCodesCheck } = await api.request(checkPromoMutation, {
            whitelabel_uuid: tenant.uuid,
            promocode: input.code,
            product_ids: input.productIds,
          });
          // A check that answers nothing is a code the server does not know.
          if (!modulePromoCodesCheck) throw { code: 'server', reason: 'PromoNotFound' };
          return toAppliedPromo(modulePromoCodesCheck);
        }),
      ),
    },
    actions: {
      // The reason the flow assigned (a refusal, a code that does not cover the cart, a failed call).
      notifyFailure: ({ context }) => notifyFailure({ event: { error: context.error } }),
    },
  }),
);

export const createCartLogic = perTenant((tenant) =>
  cartMachine.provide({
    actors: {
      promo: createPromoLogic(tenant),
      fetchCart: fromPromise(async ({ input }) => {
        const { moduleProductsShopingCart } = await api.request(cartQuery, {
          whitelabel_uuid: tenant.uuid,
          anonymous_id: input.anonymousId,
        });
        return toActiveCart(moduleProductsShopingCart);
      }),
      createGuestId: fromPromise(async () => {
        const id = readLocal(storageKeys.anonymousId) ?? crypto.randomUUID();
        writeLocal(storageKeys.anonymousId, id);
        return id;
      }),
      addLine: fromPromise(async ({ input }) => {
        await api.request(addToCartMutation, {
          whitelabel_uuid: tenant.uuid,
          product_id: input.productId,
          input: { qty: input.qty, billing_cycle: input.cycle },
          anonymous_id: input.anonymousId,
        });
      }),
      updateLine: fromPromise(async ({ input }) => {
        await api.request(updateCartLineMutation, {
          whitelabel_uuid: tenant.uuid,
          order_id: input.orderId,
          product_id: input.productId,
          anonymous_id: input.anonymousId,
          input: { qty: input.qty },
        });
      }),
      mergeGuestCart: fromPromise(async ({ input }) => {
        const { moduleProductsMergeGuestCart } = await api.request(mergeGuestCartMutation, {
          whitelabel_uuid: tenant.uuid,
          anonymous_id: input.anonymousId,
        });
        return toCartLines(moduleProductsMergeGuestCart.merged);
      }),
      createInvoice: fromPromise(({ input }) =>
        outcome(['PromoNotCovering', 'PromoExpired', 'PromoUsedUp'], async () => {
          const { moduleProductsCreateInvoice } = await api.request(createInvoiceMutation, {
            order_id: input.orderId,
            promocode: input.promoCode,
            // One invoice per order: a repeated Go to pay answers the same one.
            idempotency_key: `cart-order:${input.orderId}`,
          });
          const [invoice] = moduleProductsCreateInvoice;
          if (!invoice) throw { code: 'unknown' };
          return { invoiceId: invoice.id };
        }),
      ),
      watchSession: fromCallback<EventObject, void>(({ sendBack }) => {
        let loggedIn = session.isLoggedIn();
        const stopSession = session.subscribe(() => {
          if (session.isLoggedIn() === loggedIn) return;
          loggedIn = session.isLoggedIn();
          sendBack({ type: loggedIn ? 'session.started' : 'session.ended' });
        });
        const onUpdate = () => sendBack({ type: 'cart.update' });
        cartUpdates.addEventListener('cart.update', onUpdate);
        return () => {
          stopSession();
          cartUpdates.removeEventListener('cart.update', onUpdate);
        };
      }),
    },
    actions: {
      notifyFailure,
      forgetGuest: () => writeLocal(storageKeys.anonymousId, null),
      forgetLinkProducts: () => writeLocal(storageKeys.scProducts, null),
      openPayment: (_, { invoiceId }) => void navigate({ to: '/gateway/pay/$id', params: { id: invoiceId } }),
    },
  }),
);

/** Products a purchase link named (spec §3 sc_products: [{ productId, cycle }] or product ids). */
function storedLinkProducts(): CartInput['linkProducts'] {
  try {
    const stored = JSON.parse(readLocal(storageKeys.scProducts) ?? '[]') as unknown;
    if (!Array.isArray(stored)) return [];
    return stored.flatMap((item) => {
      if (typeof item === 'string' || typeof item === 'number') return [{ productId: String(item), cycle: 'onetime' as const }];
      const { productId, cycle } = (item ?? {}) as { productId?: unknown; cycle?: unknown };
      return typeof productId === 'string' ? [{ productId, cycle: isBillingCycle(cycle) ? cycle : ('onetime' as const) }] : [];
    });
  } catch {
    return [];
  }
}

export const cartInput = (): CartInput => ({
  loggedIn: session.isLoggedIn(),
  anonymousId: readLocal(storageKeys.anonymousId),
  linkProducts: session.isLoggedIn() ? storedLinkProducts() : [],
});

/** The cart of a page frame with a cart button (the member layout, the public store). */
export const CartProvider = flowProvider(CartContext, (_: object, tenant) => ({ logic: createCartLogic(tenant), input: cartInput() }));
