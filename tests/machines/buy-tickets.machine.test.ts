// Buying raffle tickets with stubbed effects: the quantity's bounds (what is left, the member's own maximum, the
// balance), the idempotency key kept for a retry and renewed for a new quantity, a refusal that reloads the raffle
// and keeps the quantity, and a premium raffle the member cannot enter.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { buyTicketsMachine } from '../../machines/lotteries/buy-tickets.machine';
import type { BuyOutcome, BuyRequest, RafflePage } from '../../machines/lotteries/buy-tickets.types';
import { demoRaffle, onSalePage, premiumPage, twoTickets } from '../models/lotteries-fixtures';

function start(pages: RafflePage[], answers: (() => Promise<BuyOutcome>)[] = []) {
  const calls = { buy: [] as BuyRequest[], loads: 0, notifyFailure: vi.fn(), refreshBalances: vi.fn() };
  const actor = createActor(
    buyTicketsMachine.provide({
      actors: {
        loadPage: fromPromise(async () => pages[Math.min(calls.loads++, pages.length - 1)]!),
        buyTickets: fromPromise(async ({ input }) => {
          calls.buy.push(input);
          const answer = answers.shift();
          return answer ? answer() : { ok: true as const, value: twoTickets };
        }),
      },
      actions: { notifyFailure: calls.notifyFailure, refreshBalances: calls.refreshBalances },
    }),
    { input: { raffleId: '1', keyPrefix: 'lt' } },
  ).start();
  return { actor, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const choose = (actor: ReturnType<typeof start>['actor'], value: string) => {
  actor.send({ type: 'quantity.change', value });
  actor.send({ type: 'buy.submit' });
  return actor.getSnapshot().context.quantityError;
};

describe('buying raffle tickets', () => {
  it('takes at most what is left and the member’s own maximum, within the balance', async () => {
    const { actor } = start([{ raffle: { ...demoRaffle, ticketsSold: 15, viewerTickets: [1, 2] }, balance: '12.00' }]);
    await settle();
    expect(choose(actor, '6')).toBe('max');
    expect(choose(actor, '3')).toBe('balance');
    expect(choose(actor, '2')).toBeNull();
    expect(actor.getSnapshot().matches({ ready: 'confirming' })).toBe(true);
  });

  it('never lets a member past their maximum', async () => {
    const { actor } = start([{ raffle: { ...demoRaffle, viewerTickets: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, balance: '100' }]);
    await settle();
    expect(choose(actor, '2')).toBe('max');
    expect(choose(actor, '1')).toBeNull();
  });

  it('retries a failed call with the same key, and a new quantity with a new one', async () => {
    const { actor, calls } = start([onSalePage], [() => Promise.reject(new Error('offline'))]);
    await settle();
    choose(actor, '2');
    actor.send({ type: 'buy.confirm' });
    await settle();
    actor.send({ type: 'buy.confirm' });
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'bought' })).toBe(true);
    actor.send({ type: 'buy.again' });
    choose(actor, '3');
    actor.send({ type: 'buy.confirm' });
    await settle();
    expect(calls.buy.map((call) => [call.qty, call.idempotencyKey])).toEqual([
      [2, 'lt:1'],
      [2, 'lt:1'],
      [3, 'lt:2'],
    ]);
  });

  it('reloads the raffle after a refusal and keeps the quantity typed', async () => {
    const soldOut: BuyOutcome = {
      ok: false,
      reason: 'SoldOut',
      error: { code: 'server', category: 'conflict', reason: 'SoldOut', message: 'Only 1 tickets are left.' },
    };
    const { actor, calls } = start([onSalePage, { ...onSalePage, raffle: { ...demoRaffle, ticketsSold: 19 } }], [async () => soldOut]);
    await settle();
    choose(actor, '2');
    actor.send({ type: 'buy.confirm' });
    await settle();
    await settle();
    expect(calls.notifyFailure).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ ready: 'choosing' })).toBe(true);
    expect(actor.getSnapshot().context.quantity).toBe('2');
    actor.send({ type: 'buy.submit' });
    expect(actor.getSnapshot().context.quantityError).toBe('max');
  });

  it('shows a premium raffle the member cannot enter as blocked, with no way to buy', async () => {
    const { actor } = start([premiumPage]);
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'blocked' })).toBe(true);
    actor.send({ type: 'buy.submit' });
    expect(actor.getSnapshot().matches({ ready: 'blocked' })).toBe(true);
  });
});
