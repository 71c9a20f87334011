// Asking to follow a strategy with stubbed effects and a simulated clock: each refusal the spec names is found before
// the member starts (with the first one told, as the server tells it), only accounts that may follow are offered, the
// settings follow the shared schema, one idempotency key per attempt (kept when a failed call is sent again, new after
// a refusal), and the pending request is looked at every 15 s (not while the tab is hidden) until the trader decides.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type EventObject } from 'xstate';
import { linkRequestPoll, connectionPoll } from '../../domain/timing';
import type { LinkFactsLoaded } from '../../machines/trading/copy-links.types';
import { linkRequestMachine } from '../../machines/trading/link-request.machine';
import { selectAccounts, selectLotRatio, selectStep } from '../../machines/trading/link-request.selectors';
import type { FollowingAsk, FollowingNow, SendLinkOutcome, SendLinkRequest } from '../../machines/trading/link-request.types';
import { failure, networkError, success } from '../support/fixtures';
import {
  acceptedRequest,
  activeBrief,
  declinedRequest,
  failedBrief,
  followingFacts,
  keyPendingFacts,
  freeAccountId,
  fullFacts,
  keyPendingBrief,
  noAccountFacts,
  noLinkingsFacts,
  openFacts,
  overdueFacts,
  pendingFacts,
  pendingRequest,
  probationFacts,
  strategy02,
} from '../models/copy-links-fixtures';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(facts: LinkFactsLoaded, answers: { send?: (() => Promise<SendLinkOutcome>)[]; looks?: FollowingNow[] } = {}) {
  const clock = new SimulatedClock();
  const calls = { send: [] as SendLinkRequest[], looks: [] as FollowingAsk[], notifyFailure: vi.fn(), refreshLinks: vi.fn() };
  let pageListener: ((event: EventObject) => void) | null = null;
  const actor = createActor(
    linkRequestMachine.provide({
      actors: {
        loadLinkFacts: fromPromise(async () => facts),
        sendLinkRequest: fromPromise(async ({ input }) => {
          calls.send.push(input);
          const answer = answers.send?.shift();
          return answer ? answer() : success(pendingRequest);
        }),
        fetchFollowing: fromPromise(async ({ input }) => {
          calls.looks.push(input);
          return answers.looks?.shift() ?? { request: pendingRequest, connection: null };
        }),
        watchPage: fromCallback(({ sendBack }) => {
          pageListener = sendBack;
        }),
      },
      actions: { notifyFailure: calls.notifyFailure, refreshLinks: calls.refreshLinks },
    }),
    { input: { strategy: strategy02, keyPrefix: 'link-1' }, clock },
  ).start();
  return { actor, calls, clock, page: (type: 'page.hidden' | 'page.visible') => pageListener?.({ type }) };
}

type Actor = ReturnType<typeof start>['actor'];
const fill = (actor: Actor, values: Partial<Record<'accountId' | 'lotSize' | 'drawdownLimit' | 'quoteAsset', string>>) => {
  for (const [field, value] of Object.entries(values)) actor.send({ type: 'field.change', field: field as 'accountId', value });
};

describe('asking to follow a strategy', () => {
  it('finds each refusal the spec names before the member starts, with the way out the panel offers', async () => {
    const cases: [LinkFactsLoaded, string][] = [
      [{ ...openFacts, strategy: { ...strategy02, mine: true } }, 'OwnStrategy'],
      [probationFacts, 'StrategyInProbation'],
      [fullFacts, 'StrategyFull'],
      [overdueFacts, 'OverdueInvoices'],
      [{ ...openFacts, member: { ...openFacts.member, tradingSuspended: true } }, 'AccountNotActive'],
      [noLinkingsFacts, 'LinkingLimitReached'],
      [noAccountFacts, 'NoEligibleAccount'],
    ];
    for (const [facts, refusal] of cases) {
      const { actor } = start(facts);
      await settle();
      expect(selectStep(actor.getSnapshot())).toBe('refused');
      expect(actor.getSnapshot().context.refusal).toBe(refusal);
    }
    // The first refusal is told, in the server's order: a full strategy before overdue invoices.
    const { actor } = start({ ...fullFacts, member: { ...fullFacts.member, overdueInvoices: true } });
    await settle();
    expect(actor.getSnapshot().context.refusal).toBe('StrategyFull');
  });

  it('offers only connected accounts that meet the minimum deposit and follow nothing, and picks the only one', async () => {
    const { actor } = start(openFacts);
    await settle();
    expect(selectStep(actor.getSnapshot())).toBe('editing');
    expect(selectAccounts(actor.getSnapshot()).map((account) => account.id)).toEqual([freeAccountId]);
    expect(actor.getSnapshot().context.values.accountId).toBe(freeAccountId);
    // An account the list does not offer cannot be chosen.
    fill(actor, { accountId: '41' });
    expect(actor.getSnapshot().context.values.accountId).toBe(freeAccountId);
  });

  it('starts with the spec’s defaults (lot size 100 %, read 1:1; no drawdown limit; the strategy’s quote asset) and checks the shared schema', async () => {
    const { actor, calls } = start(openFacts);
    await settle();
    expect(actor.getSnapshot().context.values).toEqual({ accountId: freeAccountId, lotSize: '100', drawdownLimit: '', quoteAsset: 'USDT' });
    expect(selectLotRatio(actor.getSnapshot())).toBe('1:1');
    fill(actor, { lotSize: '50' });
    expect(selectLotRatio(actor.getSnapshot())).toBe('1:2');
    fill(actor, { lotSize: '501', drawdownLimit: '0', quoteAsset: 'BTC' });
    actor.send({ type: 'request.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ lotSize: 'maxValue:500', drawdownLimit: 'minValue:1', quoteAsset: 'choice' });
    fill(actor, { lotSize: '1.5', drawdownLimit: '', quoteAsset: 'USDT' });
    actor.send({ type: 'request.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ lotSize: 'integer' });
    expect(calls.send).toEqual([]);
    fill(actor, { lotSize: '50', drawdownLimit: '20' });
    actor.send({ type: 'request.submit' });
    await settle();
    expect(calls.send[0]).toEqual({
      strategyId: strategy02.id,
      accountId: freeAccountId,
      settings: { lot_size_percent: 50, max_drawdown_percent: 20, no_drawdown_limit: false, quote_asset: 'USDT' },
      idempotencyKey: 'link-1:1',
    });
    expect(selectStep(actor.getSnapshot())).toBe('pending');
    expect(calls.refreshLinks).toHaveBeenCalledTimes(1);
  });

  it('keeps the key when a failed call is sent again, and makes a new one after a refusal (nothing was stored)', async () => {
    const { actor, calls } = start(openFacts, {
      send: [
        () => Promise.reject(networkError),
        async () => failure({ code: 'server', category: 'conflict', reason: 'StrategyFull' }),
      ],
    });
    await settle();
    fill(actor, { lotSize: '75' });
    actor.send({ type: 'request.submit' });
    await settle();
    expect(actor.getSnapshot().context.values.lotSize).toBe('75');
    expect(calls.notifyFailure).toHaveBeenCalledTimes(1);
    actor.send({ type: 'request.submit' });
    await settle();
    // Refused by name: the form again, everything typed, the refusal's text.
    expect(selectStep(actor.getSnapshot())).toBe('editing');
    expect(actor.getSnapshot().context.submitRefusal).toBe('StrategyFull');
    expect(actor.getSnapshot().context.values.lotSize).toBe('75');
    actor.send({ type: 'request.submit' });
    await settle();
    expect(calls.send.map((request) => request.idempotencyKey)).toEqual(['link-1:1', 'link-1:1', 'link-1:2']);
  });

  it('starts in the state the member is in: a pending request, a connection, a key being linked', async () => {
    expect(selectStep(start(pendingFacts).actor.getSnapshot())).toBe('loading');
    for (const [facts, step] of [
      [pendingFacts, 'pending'],
      [followingFacts, 'linked'],
      [keyPendingFacts, 'keyPending'],
    ] as const) {
      const { actor } = start(facts);
      await settle();
      expect(selectStep(actor.getSnapshot())).toBe(step);
    }
  });

  it('looks at a pending request every 15 s, not while the tab is hidden; accepted, the key is linked, then active', async () => {
    const { actor, calls, clock, page } = start(pendingFacts, {
      looks: [
        { request: pendingRequest, connection: null },
        { request: acceptedRequest, connection: keyPendingBrief },
        { request: null, connection: activeBrief },
      ],
    });
    await settle();
    expect(selectStep(actor.getSnapshot())).toBe('pending');
    clock.increment(linkRequestPoll - 1);
    await settle();
    expect(calls.looks).toEqual([]);
    clock.increment(1);
    await settle();
    expect(calls.looks).toEqual([{ requestId: pendingRequest.id, connectionId: null }]);
    page('page.hidden');
    clock.increment(linkRequestPoll * 4);
    await settle();
    expect(calls.looks).toHaveLength(1);
    // Shown again: one look at once, which finds it accepted with the key being linked (its deadline known).
    page('page.visible');
    await settle();
    expect(calls.looks).toHaveLength(2);
    expect(selectStep(actor.getSnapshot())).toBe('keyPending');
    expect(actor.getSnapshot().context.connection?.keyDeadline).toBe(keyPendingBrief.keyDeadline);
    // From now on the connection is read.
    clock.increment(connectionPoll);
    await settle();
    expect(calls.looks[2]).toEqual({ requestId: pendingRequest.id, connectionId: keyPendingBrief.id });
    expect(selectStep(actor.getSnapshot())).toBe('linked');
    expect(calls.refreshLinks).toHaveBeenCalledTimes(1);
  });

  it('a connection whose key was not linked in time ends it; a failed connection found on loading leaves the member free to ask', async () => {
    const { actor, clock } = start(keyPendingFacts, { looks: [{ request: null, connection: failedBrief }] });
    await settle();
    clock.increment(connectionPoll);
    await settle();
    expect(selectStep(actor.getSnapshot())).toBe('connectionEnded');
    const again = start({ ...openFacts, myConnection: failedBrief });
    await settle();
    expect(selectStep(again.actor.getSnapshot())).toBe('editing');
    again.actor.send({ type: 'request.submit' });
    await settle();
    // The new request is followed, not the failed connection.
    expect(again.actor.getSnapshot().context.connection).toBeNull();
  });

  it('a declined request shows the trader’s reason and may be asked again from what the server says now', async () => {
    const { actor, clock } = start(pendingFacts, { looks: [{ request: declinedRequest, connection: null }] });
    await settle();
    clock.increment(linkRequestPoll);
    await settle();
    expect(selectStep(actor.getSnapshot())).toBe('declined');
    expect(actor.getSnapshot().context.request?.declineReason).toBe(declinedRequest.declineReason);
    actor.send({ type: 'request.again' });
    await settle();
    // The stub still answers with the pending request: the panel shows it as the server has it.
    expect(selectStep(actor.getSnapshot())).toBe('pending');
  });
});
