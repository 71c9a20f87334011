// A trader's decision with stubbed effects: Accept sends at once; Decline needs a reason of 1-400 characters, sent
// trimmed; a request decided or expired meanwhile says so and reads the list again; a full strategy refuses Accept.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { requestDecisionMachine } from '../../machines/trading/request-decision.machine';
import { selectDecision, selectStep } from '../../machines/trading/request-decision.selectors';
import type { DecideOutcome, DecideRequest } from '../../machines/trading/request-decision.types';
import { failure, networkError, success } from '../support/fixtures';
import { acceptedRequest, declinedRequest, pendingRequest } from '../models/copy-links-fixtures';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(answers: (() => Promise<DecideOutcome>)[]) {
  const calls = { decide: [] as DecideRequest[], notifyFailure: vi.fn(), announceDecision: vi.fn(), refreshInvestors: vi.fn() };
  const actor = createActor(
    requestDecisionMachine.provide({
      actors: {
        decideRequest: fromPromise(async ({ input }) => {
          calls.decide.push(input);
          return answers.shift()!();
        }),
      },
      actions: { notifyFailure: calls.notifyFailure, announceDecision: calls.announceDecision, refreshInvestors: calls.refreshInvestors },
    }),
    { input: { requestId: pendingRequest.id } },
  ).start();
  return { actor, calls };
}

describe('a trader’s decision on a request', () => {
  it('accepts at once, says so and reads the list again', async () => {
    const { actor, calls } = start([async () => success(acceptedRequest)]);
    actor.send({ type: 'request.accept' });
    await settle();
    expect(calls.decide).toEqual([{ requestId: pendingRequest.id, accept: true, reason: null }]);
    expect(selectStep(actor.getSnapshot())).toBe('decided');
    expect(selectDecision(actor.getSnapshot())).toBe('accepted');
    expect(calls.announceDecision).toHaveBeenCalledTimes(1);
    expect(calls.refreshInvestors).toHaveBeenCalledTimes(1);
  });

  it('declines only with a reason of 1-400 characters, sent trimmed; a failed call keeps it', async () => {
    const { actor, calls } = start([() => Promise.reject(networkError), async () => success(declinedRequest)]);
    actor.send({ type: 'decline.open' });
    actor.send({ type: 'decline.confirm' });
    expect(actor.getSnapshot().context.reasonError).toBe('required');
    actor.send({ type: 'reason.change', value: 'x'.repeat(401) });
    actor.send({ type: 'decline.confirm' });
    expect(actor.getSnapshot().context.reasonError).toBe('maxLength:400');
    actor.send({ type: 'reason.change', value: ' Too large a lot ' });
    actor.send({ type: 'decline.confirm' });
    await settle();
    expect(selectStep(actor.getSnapshot())).toBe('declining');
    expect(actor.getSnapshot().context.reason).toBe(' Too large a lot ');
    expect(calls.notifyFailure).toHaveBeenCalledTimes(1);
    actor.send({ type: 'decline.confirm' });
    await settle();
    expect(calls.decide.map((decision) => decision.reason)).toEqual(['Too large a lot', 'Too large a lot']);
    expect(selectDecision(actor.getSnapshot())).toBe('declined');
  });

  it('a request decided or expired meanwhile says so and reads the list again', async () => {
    const { actor, calls } = start([async () => failure({ code: 'server', category: 'conflict', reason: 'RequestDecided' })]);
    actor.send({ type: 'request.accept' });
    await settle();
    expect(selectStep(actor.getSnapshot())).toBe('alreadyDecided');
    expect(calls.refreshInvestors).toHaveBeenCalledTimes(1);
    expect(calls.announceDecision).not.toHaveBeenCalled();
  });

  it('accepting beyond the most followers is refused with its text; the trader may still decline', async () => {
    const { actor } = start([async () => failure({ code: 'server', category: 'conflict', reason: 'StrategyFull' })]);
    actor.send({ type: 'request.accept' });
    await settle();
    expect(selectStep(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context.refusal).toBe('StrategyFull');
    expect(actor.getSnapshot().can({ type: 'decline.open' })).toBe(true);
  });
});
