// Disconnecting an exchange account with stubbed effects: a reason of 1-400 characters, sent trimmed; a failed call
// keeps the reason and goes to the notifier.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { accountDisconnectMachine } from '../../machines/trading/account-disconnect.machine';
import type { ExchangeAccountRow } from '../../machines/trading/trading.types';
import { networkError } from '../support/fixtures';
import { disconnectedMain } from '../models/account-disconnect.model';
import { binanceMain } from '../models/trading-fixtures';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('disconnecting an exchange account', () => {
  function startDisconnect(answer: () => Promise<ExchangeAccountRow>) {
    const calls = { reasons: [] as string[], notifyFailure: vi.fn(), refreshAccounts: vi.fn() };
    const actor = createActor(
      accountDisconnectMachine.provide({
        actors: { disconnectAccount: fromPromise(async ({ input }) => (calls.reasons.push(input.reason), answer())) },
        actions: { notifyFailure: calls.notifyFailure, refreshAccounts: calls.refreshAccounts },
      }),
      { input: { accountId: binanceMain.id } },
    ).start();
    actor.send({ type: 'disconnect.open' });
    return { actor, calls };
  }

  it('needs a reason of 1-400 characters, then disconnects with it trimmed', async () => {
    const { actor, calls } = startDisconnect(async () => disconnectedMain);
    actor.send({ type: 'disconnect.confirm' });
    expect(actor.getSnapshot().context.reasonError).toBe('required');
    actor.send({ type: 'reason.change', value: 'x'.repeat(401) });
    actor.send({ type: 'disconnect.confirm' });
    expect(actor.getSnapshot().context.reasonError).toBe('maxLength:400');
    actor.send({ type: 'reason.change', value: ' Taking a break ' });
    actor.send({ type: 'disconnect.confirm' });
    await settle();
    expect(calls.reasons).toEqual(['Taking a break']);
    expect(actor.getSnapshot().value).toBe('done');
    expect(calls.refreshAccounts).toHaveBeenCalledTimes(1);
  });

  it('a failed call keeps the reason typed and goes to the notifier', async () => {
    const { actor, calls } = startDisconnect(async () => Promise.reject(networkError));
    actor.send({ type: 'reason.change', value: 'Taking a break' });
    actor.send({ type: 'disconnect.confirm' });
    await settle();
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.reason).toBe('Taking a break');
    expect(calls.notifyFailure).toHaveBeenCalledTimes(1);
  });
});
