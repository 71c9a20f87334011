import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { promoMachine } from '../../machines/shop/promo.machine';
import type { CheckPromoOutcome } from '../../machines/shop/promo.types';
import { failure, success } from '../support/fixtures';
import { ebookLine, flat5, signalsLine, welcome10 } from '../models/shop-fixtures';

function start(answer: (code: string) => Promise<CheckPromoOutcome>) {
  const check = vi.fn();
  const notified: unknown[] = [];
  const actor = createActor(
    promoMachine.provide({
      actors: {
        checkPromo: fromPromise(async ({ input }) => {
          check(input);
          if (input.code === 'DOWN') throw { code: 'network' };
          return answer(input.code);
        }),
      },
      actions: { notifyFailure: ({ context }) => void notified.push(context.error) },
    }),
  ).start();
  actor.send({ type: 'cart.changed', lines: [ebookLine, signalsLine] });
  return { actor, check, notified };
}

const codes = async (code: string): Promise<CheckPromoOutcome> =>
  code === 'WELCOME10' ? success(welcome10) : code === 'FLAT5' ? success(flat5) : failure({ code: 'server', reason: 'PromoNotFound' });

describe('promo code', () => {
  it('is trimmed, and Apply does nothing for an empty or blank code', () => {
    const { actor, check } = start(codes);
    actor.send({ type: 'promo.change', code: '   ' });
    expect(actor.getSnapshot().can({ type: 'promo.apply' })).toBe(false);
    actor.send({ type: 'promo.apply' });
    expect(check).not.toHaveBeenCalled();
    actor.send({ type: 'promo.change', code: ' WELCOME10 ' });
    actor.send({ type: 'promo.apply' });
    expect(check).toHaveBeenCalledWith({ code: 'WELCOME10', productIds: ['p-ebook', 'p-signals'] });
  });

  it('a code that covers every product is kept', async () => {
    const { actor } = start(codes);
    actor.send({ type: 'promo.change', code: 'WELCOME10' });
    actor.send({ type: 'promo.apply' });
    await waitFor(actor, (s) => s.matches('applied'));
    expect(actor.getSnapshot().context.applied).toEqual(welcome10);
  });

  it('a code that does not cover every product is cleared, the typed code too, and the reason goes to the notifier', async () => {
    const { actor, notified } = start(codes);
    actor.send({ type: 'promo.change', code: 'FLAT5' });
    actor.send({ type: 'promo.apply' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ applied: null, code: '', error: { reason: 'PromoNotCovering' } });
    expect(notified).toEqual([{ code: 'server', reason: 'PromoNotCovering' }]);
  });

  it('a code the server refuses, or a failed check, is cleared with what was typed, and the reason goes to the notifier', async () => {
    const { actor, notified } = start(codes);
    actor.send({ type: 'promo.change', code: 'NOPE' });
    actor.send({ type: 'promo.apply' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ code: '', error: { reason: 'PromoNotFound' } });
    actor.send({ type: 'promo.change', code: 'DOWN' });
    actor.send({ type: 'promo.apply' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ code: '', error: { code: 'network' } });
    expect(notified).toMatchObject([{ reason: 'PromoNotFound' }, { code: 'network' }]);
  });

  it('is checked again when the cart\'s products change, not when only a quantity does', async () => {
    const { actor, check } = start(codes);
    actor.send({ type: 'promo.change', code: 'FLAT5' });
    actor.send({ type: 'cart.changed', lines: [ebookLine] });
    actor.send({ type: 'promo.apply' });
    await waitFor(actor, (s) => s.matches('applied'));
    actor.send({ type: 'cart.changed', lines: [{ ...ebookLine, qty: 3 }] });
    expect(actor.getSnapshot().matches('applied')).toBe(true);
    expect(check).toHaveBeenCalledTimes(1);
    // A product the code does not cover comes in: checked again, and cleared.
    actor.send({ type: 'cart.changed', lines: [ebookLine, signalsLine] });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(check).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context).toMatchObject({ applied: null, error: { reason: 'PromoNotCovering' } });
  });

  it('an emptied cart drops the code', async () => {
    const { actor } = start(codes);
    actor.send({ type: 'promo.change', code: 'WELCOME10' });
    actor.send({ type: 'promo.apply' });
    await waitFor(actor, (s) => s.matches('applied'));
    actor.send({ type: 'cart.changed', lines: [] });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.applied).toBeNull();
  });
});
