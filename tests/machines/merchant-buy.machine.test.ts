// Buying a coin from a merchant with stubbed effects and a simulated clock: the amount's bounds, the price locked
// for 15 minutes from the quote's deadline, an expired price never bought, the invoice opened once.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { merchantBuyMachine } from '../../machines/merchants/merchant-buy.machine';
import type { BuyOutcome, MerchantOffer, MerchantQuote } from '../../machines/merchants/merchant-buy.types';
import { selectEstimate, selectQuote } from '../../machines/merchants/merchant-buy.selectors';
import { exchangeRateLock } from '../../domain/timing';

const offer: MerchantOffer = {
  asset: { symbol: 'SOL', name: 'Solana', rate: '150', payCurrency: 'USDT', minAmount: '10', maxAmount: '10000' },
  balance: '500.00',
};

function start(options: { offer?: MerchantOffer; expiresIn?: number; buy?: () => Promise<BuyOutcome> } = {}) {
  const clock = new SimulatedClock();
  const calls = { quote: vi.fn(), buy: vi.fn(), openInvoice: vi.fn(), notifyFailure: vi.fn() };
  const quote = (amount: string): MerchantQuote => ({
    id: `q${calls.quote.mock.calls.length}`,
    amount,
    payCurrency: 'USDT',
    rate: '150',
    assetAmount: '0.66666666',
    // The server's clock is an hour behind this device's: the lock counts from the quote's arrival all the same.
    createdAt: new Date(clock.now() - 3_600_000).toISOString(),
    expiresAt: new Date(clock.now() - 3_600_000 + (options.expiresIn ?? exchangeRateLock)).toISOString(),
  });
  const actor = createActor(
    merchantBuyMachine.provide({
      actors: {
        loadOffer: fromPromise(async () => options.offer ?? offer),
        getQuote: fromPromise(async ({ input }) => {
          calls.quote(input);
          return quote(input.amount);
        }),
        buyQuote: fromPromise(async ({ input }) => {
          calls.buy(input);
          return options.buy ? options.buy() : { ok: true as const, value: { invoiceId: '77' } };
        }),
      },
      actions: { openInvoice: calls.openInvoice, notifyFailure: calls.notifyFailure },
    }),
    { input: { symbol: 'SOL', keyPrefix: 'merchant-test' }, clock },
  ).start();
  return { actor, clock, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('buying a coin from a merchant', () => {
  it('refuses an amount out of the coin’s bounds and takes only what can be typed', async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: 'quote.request' });
    expect(actor.getSnapshot().context.amountError).toBe('required');
    for (const typed of ['0', '01', '1e3', '10.001', 'abc']) actor.send({ type: 'amount.change', value: typed });
    expect(actor.getSnapshot().context.amount).toBe('');
    actor.send({ type: 'amount.change', value: '9.99' });
    actor.send({ type: 'quote.request' });
    expect(actor.getSnapshot().context.amountError).toBe('min');
    actor.send({ type: 'amount.change', value: '10000.01' });
    actor.send({ type: 'quote.request' });
    expect(actor.getSnapshot().context.amountError).toBe('max');
    expect(calls.quote).not.toHaveBeenCalled();
    actor.send({ type: 'amount.change', value: '100' });
    expect(selectEstimate(actor.getSnapshot())).toBe('0.66666666');
  });

  it('holds the price for 15 minutes: then it cannot be bought, and a new price is asked for the same amount', async () => {
    const { actor, clock, calls } = start();
    await settle();
    actor.send({ type: 'amount.change', value: '100' });
    actor.send({ type: 'quote.request' });
    await settle();
    expect(actor.getSnapshot().value).toBe('quoted');
    expect(selectQuote(actor.getSnapshot())?.assetAmount).toBe('0.66666666');
    clock.increment(exchangeRateLock - 1);
    expect(actor.getSnapshot().value).toBe('quoted');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
    actor.send({ type: 'quote.buy' });
    expect(calls.buy).not.toHaveBeenCalled();
    actor.send({ type: 'quote.refresh' });
    await settle();
    expect(calls.quote).toHaveBeenLastCalledWith({ symbol: 'SOL', amount: '100' });
    expect(actor.getSnapshot().value).toBe('quoted');
  });

  it('a lock shorter than 15 minutes on the server’s clock ends sooner, whatever the device’s clock says', async () => {
    const { actor, clock } = start({ expiresIn: 60_000 });
    await settle();
    actor.send({ type: 'amount.change', value: '50' });
    actor.send({ type: 'quote.request' });
    await settle();
    clock.increment(60_000);
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('buys the quote once under a key of its own and opens its invoice', async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: 'amount.change', value: '100' });
    actor.send({ type: 'quote.request' });
    await settle();
    actor.send({ type: 'quote.buy' });
    actor.send({ type: 'quote.buy' });
    await settle();
    expect(calls.buy).toHaveBeenCalledTimes(1);
    expect(calls.buy).toHaveBeenCalledWith({ quoteId: 'q1', idempotencyKey: 'merchant-test:q1' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.invoiceId).toBe('77');
    expect(calls.openInvoice).toHaveBeenCalledTimes(1);
  });

  it('a quote the server says has expired is not bought: a new price is offered; a failed buy keeps the price and tells the notifier', async () => {
    const expired = start({ buy: async () => ({ ok: false, reason: 'QuoteExpired', error: { code: 'server', reason: 'QuoteExpired' } }) });
    await settle();
    expired.actor.send({ type: 'amount.change', value: '100' });
    expired.actor.send({ type: 'quote.request' });
    await settle();
    expired.actor.send({ type: 'quote.buy' });
    await settle();
    expect(expired.actor.getSnapshot().value).toBe('expired');
    expect(expired.calls.openInvoice).not.toHaveBeenCalled();

    const failing = start({ buy: () => Promise.reject({ code: 'network' }) });
    await settle();
    failing.actor.send({ type: 'amount.change', value: '100' });
    failing.actor.send({ type: 'quote.request' });
    await settle();
    failing.actor.send({ type: 'quote.buy' });
    await settle();
    expect(failing.actor.getSnapshot().value).toBe('quoted');
    expect(failing.calls.notifyFailure).toHaveBeenCalledTimes(1);
    expect(failing.actor.getSnapshot().context.amount).toBe('100');
  });

  it('says so when the tenant does not sell the coin', async () => {
    const { actor } = start({ offer: { asset: null, balance: '0' } });
    await settle();
    expect(actor.getSnapshot().value).toBe('notSold');
  });
});
