import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { cartMachine } from '../../machines/shop/cart.machine';
import { selectCanCheckout, selectCount, selectLines, selectQuantityLimit } from '../../machines/shop/cart.selectors';
import { quantityPause } from '../../domain/timing';
import { promoMachine } from '../../machines/shop/promo.machine';
import type { ActiveCart, AddLineRequest, CartInput, CreateInvoiceOutcome } from '../../machines/shop/cart.types';
import type { CartLine } from '../../machines/shop/shop.types';
import type { CheckPromoOutcome } from '../../machines/shop/promo.types';
import { failure, success } from '../support/fixtures';
import { ebookLine, signalsLine, welcome10 } from '../models/shop-fixtures';

/** A cart flow on fakes that behave like the server: one cart per owner, lines added and merged. */
function start(
  input: Partial<CartInput> = {},
  answers: {
    invoice?: CreateInvoiceOutcome;
    cart?: () => ActiveCart | Promise<ActiveCart>;
    lines?: CartLine[];
    guestLines?: CartLine[];
    /** Holds each quantity update until the test lets it go. */
    holdUpdates?: boolean;
    /** Holds each add until the test lets it go. */
    holdAdds?: boolean;
    updateFails?: boolean;
  } = {},
) {
  const clock = new SimulatedClock();
  const heldUpdates: (() => void)[] = [];
  const heldAdds: (() => void)[] = [];
  // The server's carts: the signed-in member's (while a session lives) and the guest's (by anonymous id).
  const server = { session: input.loggedIn ?? false, lines: answers.lines ?? [], guestLines: answers.guestLines ?? [] };
  const calls = {
    guestIds: 0,
    added: [] as AddLineRequest[],
    invoices: [] as { orderId: string; promoCode: string | null }[],
    paid: [] as string[],
    forgotGuest: 0,
    updates: [] as { productId: string; qty: number }[],
    notified: [] as unknown[],
  };
  const actor = createActor(
    cartMachine.provide({
      actors: {
        fetchCart: fromPromise(async ({ input: { anonymousId } }) => {
          if (answers.cart) return answers.cart();
          const lines = anonymousId ? server.guestLines : server.session ? server.lines : [];
          return { orderId: lines.length ? (anonymousId ? 'o-guest' : 'o-member') : null, lines };
        }),
        createGuestId: fromPromise(async () => {
          calls.guestIds += 1;
          return 'anon-1';
        }),
        addLine: fromPromise(async ({ input }) => {
          calls.added.push(input);
          if (answers.holdAdds) await new Promise<void>((resolve) => heldAdds.push(resolve));
          const line = [ebookLine, signalsLine].find((candidate) => candidate.product.id === input.productId)!;
          (input.anonymousId ? server.guestLines : server.lines).push({ ...line, qty: input.qty });
        }),
        updateLine: fromPromise(async ({ input }) => {
          calls.updates.push({ productId: input.productId, qty: input.qty });
          if (answers.holdUpdates) await new Promise<void>((resolve) => heldUpdates.push(resolve));
          if (answers.updateFails) throw { code: 'network' };
          server.lines = server.lines
            .map((line) => (line.product.id === input.productId ? { ...line, qty: input.qty } : line))
            .filter((line) => line.qty > 0);
        }),
        mergeGuestCart: fromPromise(async () => {
          const merged = server.guestLines;
          server.lines.push(...merged);
          server.guestLines = [];
          return merged;
        }),
        createInvoice: fromPromise(async ({ input }) => {
          calls.invoices.push(input);
          return answers.invoice ?? success({ invoiceId: 'inv-1' });
        }),
        watchSession: fromCallback(() => () => {}),
        promo: promoMachine.provide({
          actors: {
            checkPromo: fromPromise(async (): Promise<CheckPromoOutcome> => success(welcome10)),
          },
        }),
      },
      actions: {
        forgetGuest: () => void (calls.forgotGuest += 1),
        notifyFailure: ({ event }) => void calls.notified.push(event),
        forgetLinkProducts: () => {},
        openPayment: (_, params) => void calls.paid.push(params.invoiceId),
      },
    }),
    { input: { loggedIn: false, anonymousId: null, linkProducts: [], ...input }, clock },
  ).start();
  return { actor, server, calls, clock, heldUpdates, heldAdds };
}

const idle = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => snapshot.matches('idle'));

describe('cart', () => {
  it("a guest's first add makes one anonymous id, shows the line at once and opens the panel; the next add reuses the id", async () => {
    const { actor, calls } = start();
    await idle(actor);
    actor.send({ type: 'cart.add', line: ebookLine });
    expect(actor.getSnapshot().context.pendingLine).toEqual(ebookLine);
    await waitFor(actor, (snapshot) => snapshot.matches('adding'));
    expect(actor.getSnapshot().context.panelOpen).toBe(true);
    await idle(actor);
    expect(actor.getSnapshot().context.lines).toEqual([ebookLine]);
    actor.send({ type: 'cart.add', line: ebookLine });
    await idle(actor);
    expect(calls.guestIds).toBe(1);
    expect(calls.added.map((request) => request.anonymousId)).toEqual(['anon-1', 'anon-1']);
  });

  it('a guest who adds a recurrent product is offered registration, and may carry on without', async () => {
    const { actor } = start();
    await idle(actor);
    actor.send({ type: 'cart.add', line: signalsLine });
    await waitFor(actor, (snapshot) => snapshot.matches('offeringRegistration'));
    actor.send({ type: 'registration.dismiss' });
    await idle(actor);
    expect(actor.getSnapshot().context.lines).toEqual([signalsLine]);
  });

  it('quantities change only while the panel is open; 0 takes the line away at once, and is sent once typing pauses', async () => {
    const { actor, server, clock } = start({ loggedIn: true }, { lines: [ebookLine, signalsLine] });
    await idle(actor);
    actor.send({ type: 'line.update', productId: ebookLine.product.id, qty: 0 });
    expect(selectLines(actor.getSnapshot())).toHaveLength(2);
    actor.send({ type: 'panel.open' });
    actor.send({ type: 'line.update', productId: ebookLine.product.id, qty: 0 });
    expect(selectLines(actor.getSnapshot())).toEqual([signalsLine]);
    clock.increment(quantityPause);
    await idle(actor);
    expect(server.lines).toEqual([signalsLine]);
  });

  it('typing 2 then 25 sends one update, of 25, once typing pauses (quantityPause); the field is never refused meanwhile', async () => {
    const { actor, server, calls, clock, heldUpdates } = start({ loggedIn: true }, { lines: [ebookLine], holdUpdates: true });
    await idle(actor);
    actor.send({ type: 'panel.open' });
    actor.send({ type: 'line.update', productId: ebookLine.product.id, qty: 2 });
    clock.increment(quantityPause - 1);
    actor.send({ type: 'line.update', productId: ebookLine.product.id, qty: 25 });
    clock.increment(quantityPause - 1);
    expect(calls.updates).toEqual([]);
    expect(selectLines(actor.getSnapshot())[0]!.qty).toBe(25);
    clock.increment(1);
    expect(calls.updates).toEqual([{ productId: ebookLine.product.id, qty: 25 }]);
    // Typing on while the update is sent is taken, shown, and sent after the next pause.
    expect(actor.getSnapshot().matches('updating')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'line.update', productId: ebookLine.product.id, qty: 2 })).toBe(true);
    actor.send({ type: 'line.update', productId: ebookLine.product.id, qty: 2 });
    heldUpdates.shift()!();
    await waitFor(actor, (snapshot) => snapshot.matches('typingQuantity'));
    expect(selectLines(actor.getSnapshot())[0]!.qty).toBe(2);
    clock.increment(quantityPause);
    heldUpdates.shift()!();
    await idle(actor);
    expect(calls.updates.map((update) => update.qty)).toEqual([25, 2]);
    expect(server.lines[0]!.qty).toBe(2);
    expect(selectLines(actor.getSnapshot())[0]!.qty).toBe(2);
  });

  it('a quantity typed while an added product is on its way shows as typed: the line and the count are the figure typed, not the add on top', async () => {
    const answers: (ActiveCart | Promise<ActiveCart>)[] = [{ orderId: 'o-member', lines: [ebookLine] }, new Promise<ActiveCart>(() => {})];
    const { actor } = start({ loggedIn: true }, { cart: () => answers.shift()! });
    await idle(actor);
    actor.send({ type: 'cart.add', line: ebookLine });
    // Added: the cart is fetched again, the e-book shown with the add on top (1 + 1) meanwhile.
    await waitFor(actor, (snapshot) => snapshot.matches('loading'));
    expect(selectLines(actor.getSnapshot())[0]!.qty).toBe(2);
    actor.send({ type: 'line.update', productId: ebookLine.product.id, qty: 3 });
    expect(selectLines(actor.getSnapshot())[0]!.qty).toBe(3);
    expect(selectCount(actor.getSnapshot())).toBe(3);
  });

  it("a quantity typed in another line while a product is added is kept, shown and sent once typing pauses", async () => {
    const { actor, server, calls, clock, heldAdds } = start({ loggedIn: true }, { lines: [ebookLine], holdAdds: true });
    await idle(actor);
    actor.send({ type: 'cart.add', line: signalsLine });
    await waitFor(actor, (snapshot) => snapshot.matches('adding'));
    actor.send({ type: 'line.update', productId: ebookLine.product.id, qty: 2 });
    expect(selectLines(actor.getSnapshot()).find((line) => line.product.id === ebookLine.product.id)!.qty).toBe(2);
    heldAdds.shift()!();
    await waitFor(actor, (snapshot) => snapshot.matches('typingQuantity'));
    clock.increment(quantityPause);
    await idle(actor);
    expect(calls.updates).toEqual([{ productId: ebookLine.product.id, qty: 2 }]);
    expect(server.lines.map((line) => [line.product.id, line.qty])).toEqual([
      [ebookLine.product.id, 2],
      [signalsLine.product.id, 1],
    ]);
  });

  it('a quantity over the limit (999) stays as typed, is explained and never sent, and Go to pay waits until it is corrected', async () => {
    const { actor, calls, clock } = start({ loggedIn: true }, { lines: [ebookLine] });
    await idle(actor);
    actor.send({ type: 'panel.open' });
    actor.send({ type: 'line.update', productId: ebookLine.product.id, qty: 999 });
    clock.increment(quantityPause);
    await idle(actor);
    expect(calls.updates).toEqual([]);
    expect(selectLines(actor.getSnapshot())[0]!.qty).toBe(999);
    expect(selectQuantityLimit(ebookLine.product.id)(actor.getSnapshot())).toBe(99);
    expect(selectCanCheckout(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'line.update', productId: ebookLine.product.id, qty: 99 });
    expect(selectQuantityLimit(ebookLine.product.id)(actor.getSnapshot())).toBeNull();
    clock.increment(quantityPause);
    await idle(actor);
    expect(calls.updates).toEqual([{ productId: ebookLine.product.id, qty: 99 }]);
    expect(selectCanCheckout(actor.getSnapshot())).toBe(true);
  });

  it('a failed update goes to the notifier, and the cart shows the server quantities again', async () => {
    const { actor, calls, clock } = start({ loggedIn: true }, { lines: [ebookLine], updateFails: true });
    await idle(actor);
    actor.send({ type: 'panel.open' });
    actor.send({ type: 'line.update', productId: ebookLine.product.id, qty: 5 });
    clock.increment(quantityPause);
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && calls.notified.length > 0);
    expect(calls.notified).toHaveLength(1);
    expect(selectLines(actor.getSnapshot())).toEqual([ebookLine]);
  });

  it('a negative or broken quantity is not sent', async () => {
    const { actor } = start({ loggedIn: true });
    await idle(actor);
    actor.send({ type: 'panel.open' });
    expect(actor.getSnapshot().can({ type: 'line.update', productId: ebookLine.product.id, qty: -1 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'line.update', productId: ebookLine.product.id, qty: 1.5 })).toBe(false);
  });

  it('a guest who signs in has the guest lines merged, is told what came in, and the guest id is forgotten', async () => {
    const { actor, server, calls } = start({ anonymousId: 'anon-1' }, { guestLines: [ebookLine], lines: [signalsLine] });
    await idle(actor);
    server.session = true;
    actor.send({ type: 'session.started' });
    await idle(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      anonymousId: null,
      merged: [ebookLine],
      panelOpen: true,
      lines: [signalsLine, ebookLine],
    });
    expect(calls.forgotGuest).toBe(1);
    actor.send({ type: 'merge.dismiss' });
    expect(actor.getSnapshot().context.merged).toEqual([]);
  });

  it('Go to pay as a guest registers first, then pays the same cart with the applied promo code', async () => {
    const { actor, server, calls } = start();
    await idle(actor);
    actor.send({ type: 'cart.add', line: ebookLine });
    await idle(actor);
    const promo = actor.getSnapshot().children.promo!;
    promo.send({ type: 'promo.change', code: 'WELCOME10' });
    promo.send({ type: 'promo.apply' });
    await waitFor(promo, (snapshot) => snapshot.matches('applied'));
    actor.send({ type: 'checkout.start' });
    expect(actor.getSnapshot().matches('registering')).toBe(true);
    server.session = true;
    actor.send({ type: 'session.started' });
    await waitFor(actor, () => calls.paid.length > 0);
    expect(calls.invoices).toEqual([{ orderId: 'o-member', promoCode: 'WELCOME10' }]);
    expect(calls.paid).toEqual(['inv-1']);
    expect(server.guestLines).toEqual([]);
    expect(actor.getSnapshot().context.panelOpen).toBe(false);
  });

  it('an invoice refused because the code stopped covering the cart keeps the cart and says why', async () => {
    const { actor, calls } = start(
      { loggedIn: true },
      { invoice: failure({ code: 'server', reason: 'PromoNotCovering' }), lines: [ebookLine] },
    );
    await idle(actor);
    actor.send({ type: 'panel.open' });
    actor.send({ type: 'checkout.start' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && snapshot.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      lines: [ebookLine],
      error: { reason: 'PromoNotCovering' },
      panelOpen: true,
    });
    expect(calls.paid).toEqual([]);
  });

  it('with no order left new (paid elsewhere), the cart is cleared and the panel closes', async () => {
    let cart: ActiveCart = { orderId: 'o-member', lines: [ebookLine] };
    const { actor } = start({ loggedIn: true }, { cart: () => cart });
    await idle(actor);
    actor.send({ type: 'panel.open' });
    cart = { orderId: null, lines: [] };
    actor.send({ type: 'cart.update' });
    await idle(actor);
    expect(actor.getSnapshot().context).toMatchObject({ orderId: null, lines: [], panelOpen: false });
  });

  it('signing out forgets the guest id and the cart: the next person starts empty', async () => {
    const { actor, server, calls } = start({ loggedIn: true }, { lines: [ebookLine] });
    await idle(actor);
    server.session = false;
    actor.send({ type: 'session.ended' });
    await idle(actor);
    expect(actor.getSnapshot().context).toMatchObject({ loggedIn: false, anonymousId: null, lines: [] });
    expect(calls.forgotGuest).toBe(1);
  });
});
