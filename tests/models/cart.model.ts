import { cartMachine } from '../../machines/shop/cart.machine';
import type { ActiveCart, CartContext, CartEvent, CartInput, CreateInvoiceOutcome } from '../../machines/shop/cart.types';
import type { CartLine } from '../../machines/shop/shop.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { ebookLine, signalsLine } from './shop-fixtures';

export const activeCart: ActiveCart = { orderId: 'order-1', lines: [ebookLine] };
export const noCart: ActiveCart = { orderId: null, lines: [] };

export const cartFixtures = {
  'cart.add': [
    { type: 'cart.add', line: ebookLine },
    { type: 'cart.add', line: signalsLine },
  ],
  'line.update': [
    { type: 'line.update', productId: ebookLine.product.id, qty: 2 },
    { type: 'line.update', productId: ebookLine.product.id, qty: 0 },
    { type: 'line.update', productId: ebookLine.product.id, qty: -1 },
    // Over the limit: kept as typed and explained, never sent.
    { type: 'line.update', productId: ebookLine.product.id, qty: 999 },
  ],
  'xstate.after.quantityPause.cart.typingQuantity': [{ type: 'xstate.after.quantityPause.cart.typingQuantity' }],
  'checkout.start': [{ type: 'checkout.start' }],
  'registration.dismiss': [{ type: 'registration.dismiss' }],
  'merge.dismiss': [{ type: 'merge.dismiss' }],
  'cart.retry': [{ type: 'cart.retry' }],
  'panel.open': [{ type: 'panel.open' }],
  'panel.close': [{ type: 'panel.close' }],
  'cart.update': [{ type: 'cart.update' }],
  'session.started': [{ type: 'session.started' }],
  'session.ended': [{ type: 'session.ended' }],
  'xstate.done.actor.fetchCart': [
    { type: 'xstate.done.actor.fetchCart', output: activeCart },
    { type: 'xstate.done.actor.fetchCart', output: noCart },
  ],
  'xstate.error.actor.fetchCart': [{ type: 'xstate.error.actor.fetchCart', error: networkError }],
  'xstate.done.actor.createGuestId': [{ type: 'xstate.done.actor.createGuestId', output: 'guest-1' }],
  'xstate.error.actor.createGuestId': [{ type: 'xstate.error.actor.createGuestId', error: new Error('no storage') }],
  'xstate.done.actor.addLine': [{ type: 'xstate.done.actor.addLine', output: undefined }],
  'xstate.error.actor.addLine': [
    { type: 'xstate.error.actor.addLine', error: { code: 'validation', message: 'Unknown product.' } },
  ],
  'xstate.done.actor.updateLine': [{ type: 'xstate.done.actor.updateLine', output: undefined }],
  'xstate.error.actor.updateLine': [{ type: 'xstate.error.actor.updateLine', error: networkError }],
  'xstate.done.actor.mergeGuestCart': [
    { type: 'xstate.done.actor.mergeGuestCart', output: [ebookLine] },
    { type: 'xstate.done.actor.mergeGuestCart', output: [] },
  ],
  'xstate.error.actor.mergeGuestCart': [{ type: 'xstate.error.actor.mergeGuestCart', error: networkError }],
  'xstate.done.actor.createInvoice': [
    { type: 'xstate.done.actor.createInvoice', output: success({ invoiceId: 'invoice-1' }) },
    { type: 'xstate.done.actor.createInvoice', output: failure({ code: 'validation', reason: 'PromoNotCovering' }) },
  ],
  'xstate.error.actor.createInvoice': [{ type: 'xstate.error.actor.createInvoice', error: networkError }],
} satisfies { [K in CartEvent['type']]: Extract<CartEvent, { type: K }>[] } & {
  'xstate.after.quantityPause.cart.typingQuantity': { type: string }[];
  'xstate.done.actor.fetchCart': DoneEvent<'fetchCart', ActiveCart>[];
  'xstate.error.actor.fetchCart': ErrorEvent<'fetchCart'>[];
  'xstate.done.actor.createGuestId': DoneEvent<'createGuestId', string>[];
  'xstate.error.actor.createGuestId': ErrorEvent<'createGuestId'>[];
  'xstate.done.actor.addLine': DoneEvent<'addLine', void>[];
  'xstate.error.actor.addLine': ErrorEvent<'addLine'>[];
  'xstate.done.actor.updateLine': DoneEvent<'updateLine', void>[];
  'xstate.error.actor.updateLine': ErrorEvent<'updateLine'>[];
  'xstate.done.actor.mergeGuestCart': DoneEvent<'mergeGuestCart', CartLine[]>[];
  'xstate.error.actor.mergeGuestCart': ErrorEvent<'mergeGuestCart'>[];
  'xstate.done.actor.createInvoice': DoneEvent<'createInvoice', CreateInvoiceOutcome>[];
  'xstate.error.actor.createInvoice': ErrorEvent<'createInvoice'>[];
};

const input = (overrides: Partial<CartInput>): CartInput => ({
  loggedIn: false,
  anonymousId: null,
  linkProducts: [],
  ...overrides,
});

export const cartModel: Model<typeof cartMachine> = {
  machine: cartMachine,
  inputs: [
    { label: 'a new guest', input: input({}) },
    { label: 'a member', input: input({ loggedIn: true }) },
    {
      label: 'a guest who signed in with a purchase link',
      input: input({
        loggedIn: true,
        anonymousId: 'guest-1',
        linkProducts: [
          { productId: 'p-ebook', cycle: 'onetime' },
          { productId: 'p-signals', cycle: 'monthly' },
        ],
      }),
    },
  ],
  events: flattenFixtures(cartFixtures),
  cover: 'transitions',
  // What the guards read: who shops, whether a guest id, an order, lines, merged lines, a pending recurrent
  // line and purchase-link products are there, and whether the panel is open.
  contextKey: (context: CartContext) => [
    context.loggedIn,
    context.anonymousId !== null,
    context.orderId !== null && context.lines.length > 0,
    context.pendingLine?.cycle === 'onetime',
    context.merged.length > 0,
    context.linkProducts.length,
    context.panelOpen,
    // Typed quantities: none, one to send, or only one over the limit.
    context.drafts.map((draft) => `${draft.productId}:${draft.qty}`).join(','),
    context.saving?.qty ?? null,
  ],
};
