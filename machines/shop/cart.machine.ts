// Cart (spec §2 "Cart", §4 "Cart", calls §7): the active cart is the order with status new; with none, the
// cart and its order id are cleared and the panel closes. Adding a product shows its line at once and opens
// the panel; a guest shops under an anonymous id made on the first add, and a guest who adds a recurrent
// product is offered registration. Go to pay makes the invoice from the order (with the promo code the cart's
// promo flow holds) and hands it to payment; a guest registers first, in a dialog, and payment then goes on
// with the same cart. A typed quantity shows at once and is sent once typing pauses (quantityPause), the
// field staying free meanwhile; one over the limit waits, explained, and blocks Go to pay. Failed calls go to
// the notifier (calls §8). When a guest signs in, the guest's lines merge into the member's cart and the
// member is told what came in; when the member signs out, the guest id and the cart are forgotten.
// CART_UPDATE (from other flows) fetches the cart again.
import { and, not, assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { notProvidedAction, notProvidedActor, notProvidedCallback } from '../shared/not-provided';
import { errorOf, failureOf, valueOf } from '../../domain/app-error';
import { cartQty } from '../../domain/limits';
import { quantityPause } from '../../domain/timing';
import { promoMachine } from './promo.machine';
import type { ActiveCart, AddLineRequest, CartContext, CartEvent, CartInput, CreateInvoiceOutcome, QuantityDraft } from './cart.types';
import type { CartLine } from './shop.types';

type PromoRef = ActorRefFrom<typeof promoMachine>;

/** The code the cart's promo flow has applied, for the invoice (none while the flow is not running). */
const appliedPromoCode = (self: { getSnapshot: () => { children?: Record<string, unknown> } | undefined }): string | null =>
  (self.getSnapshot()?.children?.promo as PromoRef | undefined)?.getSnapshot().context.applied?.code ?? null;

/** The optimistic line merged into the lines shown (same product: the quantity adds). */
export function withPendingLine(lines: readonly CartLine[], pending: CartLine | null): CartLine[] {
  if (!pending) return [...lines];
  const existing = lines.find((line) => line.product.id === pending.product.id && line.cycle === pending.cycle);
  return existing
    ? lines.map((line) => (line === existing ? { ...line, qty: line.qty + pending.qty } : line))
    : [...lines, pending];
}

/** The typed quantities shown over the server's lines (0 takes a line away). */
export function withDrafts(lines: readonly CartLine[], drafts: readonly QuantityDraft[]): CartLine[] {
  if (!drafts.length) return [...lines];
  return lines
    .map((line) => {
      const draft = drafts.find((typed) => typed.productId === line.product.id);
      return draft ? { ...line, qty: draft.qty } : line;
    })
    .filter((line) => line.qty > 0);
}

const withinLimit = (draft: QuantityDraft) => draft.qty <= cartQty.max;

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as CartInput,
  },
  actors: {
    promo: promoMachine,
    fetchCart: notProvidedActor<ActiveCart, { anonymousId: string | null }>('fetchCart'),
    /** Makes an anonymous id for a guest's first add and keeps it in this browser (spec §3 anonymousId). */
    createGuestId: notProvidedActor<string>('createGuestId'),
    addLine: notProvidedActor<void, AddLineRequest>('addLine'),
    /** Sets a line's quantity; 0 removes it (calls §7). */
    updateLine: notProvidedActor<void, { orderId: string; productId: string; qty: number; anonymousId: string | null }>(
      'updateLine',
    ),
    /** Moves a signed-in member's guest lines into the member's cart; resolves with what came in. */
    mergeGuestCart: notProvidedActor<CartLine[], { anonymousId: string }>('mergeGuestCart'),
    createInvoice: notProvidedActor<CreateInvoiceOutcome, { orderId: string; promoCode: string | null }>('createInvoice'),
    /** Tells the flow when a member signs in or out in this tab, and when other flows changed the cart. */
    watchSession: notProvidedCallback('watchSession'),
  },
  actions: {
    /** Forgets the guest's anonymous id and the purchase-link products kept in this browser. */
    forgetGuest: notProvidedAction('forgetGuest'),
    forgetLinkProducts: notProvidedAction('forgetLinkProducts'),
    /** Hands the new invoice to payment. */
    openPayment: notProvidedAction('openPayment') as (_: unknown, params: { invoiceId: string }) => void,
    tellPromo: sendTo('promo', ({ context }) => ({ type: 'cart.changed' as const, lines: context.lines })),
    // Typed quantities of lines still in the cart stay: the member's typing is never lost to a fetch.
    assignCart: assign(({ context }, { cart }: { cart: ActiveCart }) => ({
      orderId: cart.orderId,
      lines: cart.lines,
      drafts: context.drafts.filter((draft) => cart.lines.some((line) => line.product.id === draft.productId)),
      pendingLine: null,
      error: null,
    })),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    /** A failed call's message goes to the notifier (calls §8). */
    notifyFailure: notProvidedAction('notifyFailure'),
    assignDraft: assign(({ context, event }) => {
      const { productId, qty } = event as Extract<CartEvent, { type: 'line.update' }>;
      return { drafts: [...context.drafts.filter((draft) => draft.productId !== productId), { productId, qty }], error: null };
    }),
    /** The first typed quantity within the limit goes out. */
    pickDraftToSave: assign({ saving: ({ context }) => context.drafts.find(withinLimit) ?? null }),
    /** The server took the quantity: the line has it, and the draft goes unless the member typed on since. */
    keepSavedQuantity: assign(({ context }) => {
      const saved = context.saving!;
      return {
        lines: context.lines
          .map((line) => (line.product.id === saved.productId ? { ...line, qty: saved.qty } : line))
          .filter((line) => line.qty > 0),
        drafts: context.drafts.filter((draft) => draft.productId !== saved.productId || draft.qty !== saved.qty),
        saving: null,
      };
    }),
    forgetDrafts: assign({ drafts: [], saving: null }),
    /** The panel: a side panel on desktop, a bottom sheet on phones (page scroll locked, chat hidden). */
    openPanel: assign({ panelOpen: true }),
    closePanel: assign({ panelOpen: false }),
  },
  guards: {
    isGuest: ({ context }) => !context.loggedIn,
    hasGuestToMerge: ({ context }) => context.loggedIn && context.anonymousId !== null,
    hasLinkProducts: ({ context }) => context.loggedIn && context.linkProducts.length > 0,
    hasMoreLinkProducts: ({ context }) => context.linkProducts.length > 1,
    needsGuestId: ({ context }) => !context.loggedIn && context.anonymousId === null,
    hasActiveOrder: (_, { cart }: { cart: ActiveCart }) => cart.orderId !== null,
    hasLines: ({ context }) => context.orderId !== null && context.lines.length > 0,
    hasMerged: ({ context }) => context.merged.length > 0,
    isRecurrentGuestLine: ({ context }) =>
      !context.loggedIn && context.pendingLine !== null && context.pendingLine.cycle !== 'onetime',
    isQuantity: ({ event }) => event.type === 'line.update' && Number.isInteger(event.qty) && event.qty >= 0,
    hasDraftToSave: ({ context }) => context.drafts.some(withinLimit),
    /** Another quantity within the limit was typed while one was sent. */
    typedMeanwhile: ({ context }) =>
      context.drafts.some((draft) => withinLimit(draft) && (draft.productId !== context.saving?.productId || draft.qty !== context.saving.qty)),
    hasNoDrafts: ({ context }) => context.drafts.length === 0,
    /** The quantity is of a line the cart shows (one typed to 0 is gone from it). */
    isShownLine: ({ context, event }) =>
      event.type === 'line.update' && withDrafts(context.lines, context.drafts).some((line) => line.product.id === event.productId),
    /** Quantities and Go to pay live in the panel: they come only while it is open. */
    isPanelOpen: ({ context }) => context.panelOpen,
    succeeded: ({ event }) => failureOf(event) === null,
  },
  delays: {
    /** Typing pauses this long before a quantity is sent. */
    quantityPause,
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({ ...input, orderId: null, lines: [], drafts: [], saving: null, pendingLine: null, merged: [], error: null, panelOpen: false }),
  invoke: [
    { id: 'promo', src: 'promo' },
    { id: 'watchSession', src: 'watchSession' },
  ],
  initial: 'starting',
  on: {
    'panel.open': { guard: not('isPanelOpen'), actions: 'openPanel' },
    'panel.close': { guard: 'isPanelOpen', actions: 'closePanel' },
    'session.started': { target: '.starting', actions: assign({ loggedIn: true, error: null }), meta: { description: 'Member signs in' } },
    'session.ended': {
      target: '.loading',
      meta: { description: 'Signed out: the guest id and the cart are forgotten; the next person starts empty.' },
      actions: ['forgetGuest', assign({ loggedIn: false, anonymousId: null, orderId: null, lines: [], drafts: [], saving: null, merged: [] }), 'tellPromo'],
    },
  },
  states: {
    starting: {
      meta: { description: 'Decides what comes first: merging a guest cart, a purchase link, or the cart.' },
      always: [
        { guard: 'hasGuestToMerge', target: 'merging', meta: { description: 'Guest cart to merge' } },
        { guard: 'hasLinkProducts', target: 'addingLinkProducts', meta: { description: 'Purchase link products' } },
        { target: 'loading', meta: { description: 'Nothing to merge' } },
      ],
    },
    merging: {
      meta: { description: "A guest signed in: the guest lines move into the member's cart." },
      tags: ['busy'],
      invoke: {
        id: 'mergeGuestCart',
        src: 'mergeGuestCart',
        input: ({ context }) => ({ anonymousId: context.anonymousId! }),
        onDone: {
          target: 'starting',
          // The member is told what came in: the panel opens with the notice when something did.
          actions: [
            'forgetGuest',
            assign({
              anonymousId: null,
              merged: ({ event }) => event.output,
              panelOpen: ({ event, context }) => context.panelOpen || event.output.length > 0,
            }),
          ],
          meta: { description: 'Guest cart merged' },
        },
        // The guest lines stay with the guest id; the member's own cart still loads.
        onError: { target: 'loading', actions: ['assignError', 'notifyFailure', assign({ anonymousId: null })], meta: { description: 'Merge failed' } },
      },
    },
    addingLinkProducts: {
      meta: { description: "The products a purchase link named go into the member's cart." },
      tags: ['busy'],
      invoke: {
        id: 'addLine',
        src: 'addLine',
        input: ({ context }) => ({ ...context.linkProducts[0]!, qty: 1, anonymousId: null }),
        onDone: [
          {
            guard: 'hasMoreLinkProducts',
            target: 'addingLinkProducts',
            reenter: true,
            actions: assign({ linkProducts: ({ context }) => context.linkProducts.slice(1) }),
            meta: { description: 'Next link product' },
          },
          {
            target: 'loading',
            actions: ['forgetLinkProducts', assign({ linkProducts: [] }), 'openPanel'],
            meta: { description: 'All link products in' },
          },
        ],
        onError: {
          target: 'loading',
          actions: ['forgetLinkProducts', assign({ linkProducts: [] }), 'assignError', 'notifyFailure'],
          meta: { description: 'Add failed' },
        },
      },
    },
    loading: {
      meta: { description: 'Fetches the active cart (the order with status new).' },
      tags: ['busy'],
      // The quantity fields stay free: what is typed meanwhile is kept, and sent once the cart is in.
      on: { 'line.update': { guard: and(['isPanelOpen', 'isQuantity', 'isShownLine']), actions: 'assignDraft' } },
      invoke: {
        id: 'fetchCart',
        src: 'fetchCart',
        input: ({ context }) => ({ anonymousId: context.loggedIn ? null : context.anonymousId }),
        onDone: [
          {
            guard: { type: 'hasActiveOrder', params: ({ event }) => ({ cart: event.output }) },
            target: 'idle',
            actions: [{ type: 'assignCart', params: ({ event }) => ({ cart: event.output }) }, 'tellPromo'],
            meta: { description: 'Cart loaded' },
          },
          {
            target: 'idle',
            meta: { description: 'No order is new any more: the cart and its order id are cleared and the panel closes.' },
            actions: [{ type: 'assignCart', params: ({ event }) => ({ cart: event.output }) }, 'tellPromo', 'closePanel'],
          },
        ],
        onError: { target: 'failed', actions: ['assignError', 'notifyFailure'], meta: { description: 'Load failed' } },
      },
    },
    idle: {
      meta: { description: 'The cart is shown; the member adds, changes quantities or goes to pay.' },
      // A quantity typed while the cart was fetched is sent after the pause.
      always: { guard: 'hasDraftToSave', target: 'typingQuantity', meta: { description: 'A typed quantity waits to be sent' } },
      on: {
        'cart.add': [
          {
            guard: 'needsGuestId',
            target: 'creatingGuestId',
            actions: assign({ pendingLine: ({ event }) => event.line, error: null }),
            meta: { description: 'Guest adds a first product' },
          },
          {
            target: 'adding',
            actions: assign({ pendingLine: ({ event }) => event.line, error: null }),
            meta: { description: 'Member adds a product' },
          },
        ],
        'line.update': {
          guard: and(['isPanelOpen', 'isQuantity', 'isShownLine']),
          target: 'typingQuantity',
          // The new quantity shows at once; 0 takes the line away.
          actions: 'assignDraft',
          meta: { description: 'Member types a quantity' },
        },
        // A quantity over the limit must be corrected first.
        'checkout.start': [
          { guard: and(['isPanelOpen', 'hasLines', 'hasNoDrafts', 'isGuest']), target: 'registering', meta: { description: 'Guest goes to pay' } },
          {
            guard: and(['isPanelOpen', 'hasLines', 'hasNoDrafts']),
            target: 'creatingInvoice',
            actions: assign({ error: null }),
            meta: { description: 'Member goes to pay' },
          },
        ],
        'cart.update': { target: 'loading', meta: { description: 'Cart changed elsewhere' } },
        'merge.dismiss': { guard: and(['isPanelOpen', 'hasMerged']), actions: assign({ merged: [] }) },
      },
    },
    creatingGuestId: {
      meta: { description: "A guest's first add: an anonymous id is made and kept in this browser." },
      tags: ['busy'],
      invoke: {
        id: 'createGuestId',
        src: 'createGuestId',
        onDone: { target: 'adding', actions: assign({ anonymousId: ({ event }) => event.output }), meta: { description: 'Guest id made' } },
        onError: { target: 'idle', actions: ['assignError', 'notifyFailure', assign({ pendingLine: null })], meta: { description: 'Guest id not made' } },
      },
    },
    adding: {
      meta: { description: 'The line shows at once while the server adds it; the panel opens.' },
      tags: ['busy'],
      entry: 'openPanel',
      // The other lines' quantity fields stay free while the product is added: what is typed is kept, and sent
      // once the cart is in.
      on: { 'line.update': { guard: and(['isPanelOpen', 'isQuantity', 'isShownLine']), actions: 'assignDraft' } },
      invoke: {
        id: 'addLine',
        src: 'addLine',
        input: ({ context }) => ({
          productId: context.pendingLine!.product.id,
          cycle: context.pendingLine!.cycle,
          qty: context.pendingLine!.qty,
          anonymousId: context.loggedIn ? null : context.anonymousId,
        }),
        onDone: [
          {
            guard: 'isRecurrentGuestLine',
            target: 'offeringRegistration',
            meta: { description: 'A guest added a recurrent product: registration is offered.' },
          },
          { target: 'loading', meta: { description: 'Product added' } },
        ],
        onError: { target: 'idle', actions: ['assignError', 'notifyFailure', assign({ pendingLine: null })], meta: { description: 'Add failed' } },
      },
    },
    typingQuantity: {
      meta: { description: 'The member types a quantity; it is sent once typing pauses, and the field stays free.' },
      on: {
        'line.update': {
          guard: and(['isPanelOpen', 'isQuantity', 'isShownLine']),
          target: 'typingQuantity',
          reenter: true,
          actions: 'assignDraft',
          meta: { description: 'Member types on: the pause starts again' },
        },
      },
      after: {
        quantityPause: [
          { guard: 'hasDraftToSave', target: 'updating', meta: { description: 'Typing paused: the quantity is sent' } },
          { target: 'idle', meta: { description: 'Only a quantity over the limit: it stays, explained, and is not sent' } },
        ],
      },
    },
    updating: {
      meta: { description: 'The server takes the new quantity; the member may type on meanwhile.' },
      tags: ['busy'],
      entry: 'pickDraftToSave',
      on: { 'line.update': { guard: and(['isPanelOpen', 'isQuantity', 'isShownLine']), actions: 'assignDraft' } },
      invoke: {
        id: 'updateLine',
        src: 'updateLine',
        input: ({ context }) => ({
          orderId: context.orderId!,
          productId: context.saving!.productId,
          qty: context.saving!.qty,
          anonymousId: context.loggedIn ? null : context.anonymousId,
        }),
        onDone: [
          {
            guard: 'typedMeanwhile',
            target: 'typingQuantity',
            actions: 'keepSavedQuantity',
            meta: { description: 'Saved, and more was typed meanwhile: it waits for the pause' },
          },
          { target: 'loading', actions: 'keepSavedQuantity', meta: { description: 'Quantity saved' } },
        ],
        // The server's cart is the truth: fetch it again, with the message in the notifier.
        onError: { target: 'loading', actions: ['assignError', 'notifyFailure', 'forgetDrafts'], meta: { description: 'Update failed' } },
      },
    },
    offeringRegistration: {
      meta: { description: 'Registration is offered for the recurrent product; the guest may carry on without.' },
      entry: 'tellPromo',
      on: {
        'registration.dismiss': { target: 'loading', meta: { description: 'Guest carries on' } },
      },
    },
    registering: {
      meta: { description: 'Go to pay as a guest: registration first, in a dialog; payment goes on once signed in.' },
      on: {
        'registration.dismiss': { target: 'idle', meta: { description: 'Guest closes the dialog' } },
        'session.started': {
          target: 'mergingToPay',
          actions: assign({ loggedIn: true, error: null }),
          meta: { description: 'Guest registered' },
        },
      },
    },
    mergingToPay: {
      meta: { description: "Registered: the guest lines move into the new member's cart, then payment goes on." },
      tags: ['busy'],
      invoke: {
        id: 'mergeGuestCart',
        src: 'mergeGuestCart',
        input: ({ context }) => ({ anonymousId: context.anonymousId! }),
        onDone: {
          target: 'reloadingToPay',
          actions: ['forgetGuest', assign({ anonymousId: null })],
          meta: { description: 'Guest cart merged' },
        },
        onError: { target: 'loading', actions: ['assignError', 'notifyFailure'], meta: { description: 'Merge failed' } },
      },
    },
    reloadingToPay: {
      meta: { description: "Fetches the member's cart (its order id), then makes the invoice." },
      tags: ['busy'],
      invoke: {
        id: 'fetchCart',
        src: 'fetchCart',
        input: () => ({ anonymousId: null }),
        onDone: [
          {
            guard: { type: 'hasActiveOrder', params: ({ event }) => ({ cart: event.output }) },
            target: 'creatingInvoice',
            actions: [{ type: 'assignCart', params: ({ event }) => ({ cart: event.output }) }, 'tellPromo'],
            meta: { description: 'Cart loaded' },
          },
          {
            target: 'idle',
            actions: [{ type: 'assignCart', params: ({ event }) => ({ cart: event.output }) }, 'tellPromo'],
            meta: { description: 'Cart empty' },
          },
        ],
        onError: { target: 'failed', actions: ['assignError', 'notifyFailure'], meta: { description: 'Load failed' } },
      },
    },
    creatingInvoice: {
      meta: { description: 'The order becomes an invoice (with the applied promo code); payment takes over.' },
      tags: ['busy', 'paying'],
      invoke: {
        id: 'createInvoice',
        src: 'createInvoice',
        input: ({ context, self }) => ({ orderId: context.orderId!, promoCode: appliedPromoCode(self) }),
        onDone: [
          {
            guard: 'succeeded',
            target: 'loading',
            actions: [{ type: 'openPayment', params: ({ event }) => valueOf(event.output) }, 'closePanel'],
            meta: { description: 'Invoice made, payment opens' },
          },
          // The code no longer applies: the promo flow checks it again (and clears it, with the reason).
          { target: 'idle', actions: ['assignError', 'notifyFailure', 'tellPromo'], meta: { description: 'Invoice refused' } },
        ],
        onError: { target: 'idle', actions: ['assignError', 'notifyFailure'], meta: { description: 'Call failed' } },
      },
    },
    failed: {
      meta: { description: 'The cart could not be fetched; the member can try again.' },
      on: { 'cart.retry': { guard: 'isPanelOpen', target: 'loading', meta: { description: 'Member retries' } }, 'cart.update': {
        target: 'loading',
        meta: { description: 'Cart changed elsewhere' },
      } },
    },
  },
});
