// Investing in a crowdfunding project with stubbed effects: the amount's bounds (the minimum, the last investor
// closing the goal, the tariff's cap, the goal, the balance), the idempotency key kept for a retry and renewed for
// a new amount, and a refusal that reloads the figures and keeps the amount.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { investMachine } from '../../machines/crowdfunding/invest.machine';
import type { InvestOutcome, InvestRequest, ProjectPage } from '../../machines/crowdfunding/invest.types';
import { selectBounds, selectPlannedPayouts } from '../../machines/crowdfunding/invest.selectors';
import { newHolding, openPage, seaView } from '../models/crowdfunding-fixtures';

function start(pages: ProjectPage[], answers: (() => Promise<InvestOutcome>)[] = []) {
  const calls = { invest: [] as InvestRequest[], loads: 0, notifyFailure: vi.fn(), refreshBalances: vi.fn() };
  const actor = createActor(
    investMachine.provide({
      actors: {
        loadPage: fromPromise(async () => pages[Math.min(calls.loads++, pages.length - 1)]!),
        invest: fromPromise(async ({ input }) => {
          calls.invest.push(input);
          const answer = answers.shift();
          return answer ? answer() : { ok: true as const, value: newHolding };
        }),
      },
      actions: { notifyFailure: calls.notifyFailure, refreshBalances: calls.refreshBalances },
    }),
    { input: { projectId: '1', keyPrefix: 'cf' }, clock: new SimulatedClock() },
  ).start();
  return { actor, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const type = (actor: ReturnType<typeof start>['actor'], value: string) => {
  actor.send({ type: 'amount.change', value });
  actor.send({ type: 'invest.submit' });
  return actor.getSnapshot().context.amountError;
};

describe('investing in a crowdfunding project', () => {
  it('names the bound an amount breaks: the minimum, the cap, the goal, the balance', async () => {
    const { actor } = start([{ ...openPage, project: { ...seaView, available: '600.00' }, balance: '300.00' }]);
    await settle();
    expect(type(actor, '49.99')).toBe('min');
    expect(type(actor, '1000.01')).toBe('cap');
    expect(type(actor, '600.01')).toBe('goal');
    expect(type(actor, '300.01')).toBe('balance');
    expect(type(actor, '300')).toBeNull();
    expect(actor.getSnapshot().matches({ ready: 'confirming' })).toBe(true);
  });

  it('lets the last investor close the goal below the minimum', async () => {
    const { actor } = start([{ ...openPage, project: { ...seaView, available: '30.00' } }]);
    await settle();
    expect(selectBounds(actor.getSnapshot())).toEqual({ min: '30.00', max: '30.00', limitedBy: 'goal' });
    expect(type(actor, '30')).toBeNull();
  });

  it('shows what the amount pays and when before the member confirms', async () => {
    const { actor } = start([openPage]);
    await settle();
    type(actor, '100');
    const planned = selectPlannedPayouts(actor.getSnapshot())!;
    expect(planned.total).toBe('112.00');
    expect(planned.schedule).toHaveLength(12);
    expect(planned.schedule[0]).toMatchObject({ profit: '1.00', body: '0.00', dueAt: new Date('1970-02-01T00:00:00.000Z') });
    expect(planned.schedule[11]).toMatchObject({ profit: '1.00', body: '100.00', dueAt: new Date('1971-01-01T00:00:00.000Z') });
  });

  it('retries a failed call with the same key, and a new amount with a new one', async () => {
    const { actor, calls } = start([openPage], [() => Promise.reject(new Error('offline'))]);
    await settle();
    type(actor, '100');
    actor.send({ type: 'invest.confirm' });
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'confirming' })).toBe(true);
    actor.send({ type: 'invest.confirm' });
    await settle();
    expect(calls.invest.map((call) => call.idempotencyKey)).toEqual(['cf:1', 'cf:1']);
    expect(actor.getSnapshot().matches({ ready: 'invested' })).toBe(true);
    expect(calls.refreshBalances).toHaveBeenCalledTimes(1);
    actor.send({ type: 'invest.again' });
    type(actor, '150');
    actor.send({ type: 'invest.confirm' });
    await settle();
    expect(calls.invest.map((call) => [call.amount, call.idempotencyKey])).toEqual([
      ['100', 'cf:1'],
      ['100', 'cf:1'],
      ['150', 'cf:2'],
    ]);
  });

  it('reloads the figures after a refusal and keeps the amount typed', async () => {
    const refused: InvestOutcome = {
      ok: false,
      reason: 'GoalExceeded',
      error: { code: 'server', category: 'conflict', reason: 'GoalExceeded', message: 'Only 50.00 USDT is left to raise in this project.' },
    };
    const { actor, calls } = start([openPage, { ...openPage, project: { ...seaView, available: '50.00' } }], [async () => refused]);
    await settle();
    type(actor, '100');
    actor.send({ type: 'invest.confirm' });
    await settle();
    await settle();
    expect(calls.notifyFailure).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.amount).toBe('100');
    actor.send({ type: 'invest.submit' });
    expect(actor.getSnapshot().context.amountError).toBe('goal');
  });
});
