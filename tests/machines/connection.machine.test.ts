// A follower's connection with stubbed effects and a simulated clock: read again every 15 s while shown (not while the
// tab is hidden, never once disconnected), the actions its status allows, a drawdown limit at or below the drawdown
// reached stops it (as the server answers), a refusal keeps what was typed and reads the connection again at once, and
// a disconnect needs a reason of 1-400 characters.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type EventObject } from 'xstate';
import { connectionPoll } from '../../domain/timing';
import { connectionMachine } from '../../machines/trading/connection.machine';
import {
  selectCanDisconnect,
  selectCanEdit,
  selectCanPause,
  selectCanResume,
  selectPanel,
  selectStep,
  selectStopsOnSave,
} from '../../machines/trading/connection.selectors';
import type { ConnectionOutcome, UpdateConnectionRequest } from '../../machines/trading/connection.types';
import type { ConnectionRow } from '../../machines/trading/copy-links.types';
import { failure, networkError, success } from '../support/fixtures';
import {
  activeConnection,
  disconnectedConnection,
  pausedConnection,
  stoppedConnection,
  suspendedConnection,
} from '../models/copy-links-fixtures';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  loaded: ConnectionRow | (() => Promise<ConnectionRow>),
  answers: { fetch?: ConnectionRow[]; update?: ConnectionOutcome[]; resume?: ConnectionOutcome[]; disconnect?: (() => Promise<ConnectionRow>)[] } = {},
) {
  const clock = new SimulatedClock();
  const calls = { fetch: 0, update: [] as UpdateConnectionRequest[], reasons: [] as string[], notifyFailure: vi.fn(), refreshLinks: vi.fn() };
  let pageListener: ((event: EventObject) => void) | null = null;
  let current = typeof loaded === 'function' ? activeConnection : loaded;
  const actor = createActor(
    connectionMachine.provide({
      actors: {
        loadConnection: fromPromise(async () => (typeof loaded === 'function' ? loaded() : loaded)),
        fetchConnection: fromPromise(async () => {
          calls.fetch += 1;
          return (current = answers.fetch?.shift() ?? current);
        }),
        updateConnection: fromPromise(async ({ input }) => {
          calls.update.push(input);
          return answers.update?.shift() ?? success(current);
        }),
        pauseConnection: fromPromise(async (): Promise<ConnectionOutcome> => success((current = pausedConnection))),
        resumeConnection: fromPromise(async () => answers.resume?.shift() ?? success((current = activeConnection))),
        disconnectConnection: fromPromise(async ({ input }) => {
          calls.reasons.push(input.reason);
          const answer = answers.disconnect?.shift();
          return answer ? answer() : (current = disconnectedConnection);
        }),
        watchPage: fromCallback(({ sendBack }) => {
          pageListener = sendBack;
        }),
      },
      actions: { notifyFailure: calls.notifyFailure, refreshLinks: calls.refreshLinks },
    }),
    { input: { connectionId: '77' }, clock },
  ).start();
  return { actor, calls, clock, page: (type: 'page.hidden' | 'page.visible') => pageListener?.({ type }) };
}

describe('a follower’s connection', () => {
  it('an unknown id is “not found”; another failure offers Try again', async () => {
    const missing = start(() => Promise.reject({ code: 'server', category: 'not_found', reason: 'AccountNotFound' }));
    await settle();
    expect(selectStep(missing.actor.getSnapshot())).toBe('notFound');
    const offline = start(() => Promise.reject(networkError));
    await settle();
    expect(selectStep(offline.actor.getSnapshot())).toBe('loadFailed');
  });

  it('offers the actions its status allows', async () => {
    const allowed = async (connection: ConnectionRow) => {
      const { actor } = start(connection);
      await settle();
      const snapshot = actor.getSnapshot();
      return [selectCanEdit(snapshot), selectCanPause(snapshot), selectCanResume(snapshot), selectCanDisconnect(snapshot)];
    };
    expect(await allowed(activeConnection)).toEqual([true, true, false, true]);
    expect(await allowed(pausedConnection)).toEqual([true, false, true, true]);
    expect(await allowed(suspendedConnection)).toEqual([false, false, false, true]);
    expect(await allowed(stoppedConnection)).toEqual([false, false, false, true]);
    expect(await allowed(disconnectedConnection)).toEqual([false, false, false, false]);
  });

  it('is read again every 15 s while shown, not while the tab is hidden, and never once disconnected', async () => {
    const { actor, calls, clock, page } = start(activeConnection, { fetch: [activeConnection, disconnectedConnection] });
    await settle();
    clock.increment(connectionPoll);
    await settle();
    expect(calls.fetch).toBe(1);
    page('page.hidden');
    clock.increment(connectionPoll * 3);
    await settle();
    expect(calls.fetch).toBe(1);
    page('page.visible');
    await settle();
    expect(calls.fetch).toBe(2);
    expect(actor.getSnapshot().context.connection?.status).toBe('disconnected');
    clock.increment(connectionPoll * 3);
    await settle();
    expect(calls.fetch).toBe(2);
  });

  it('a drawdown limit at or below the drawdown reached warns before saving, and the server’s answer stops it', async () => {
    const { actor, calls } = start(activeConnection, { update: [success(stoppedConnection)] });
    await settle();
    actor.send({ type: 'settings.open' });
    expect(actor.getSnapshot().context.values).toEqual({ lotSize: '50', drawdownLimit: '20', quoteAsset: 'USDT' });
    // The drawdown is 4.25 %: a limit of 5 is above it, 4 is at or below it.
    actor.send({ type: 'field.change', field: 'drawdownLimit', value: '5' });
    expect(selectStopsOnSave(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'field.change', field: 'drawdownLimit', value: '4' });
    expect(selectStopsOnSave(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'settings.submit' });
    await settle();
    expect(calls.update[0]!.settings).toEqual({ lot_size_percent: 50, max_drawdown_percent: 4, no_drawdown_limit: false, quote_asset: 'USDT' });
    expect(actor.getSnapshot().context.connection?.status).toBe('drawdown exceeded');
    expect(selectPanel(actor.getSnapshot())).toBe('actions');
    expect(calls.refreshLinks).toHaveBeenCalledTimes(1);
  });

  it('an empty drawdown limit clears it', async () => {
    const { actor, calls } = start(activeConnection);
    await settle();
    actor.send({ type: 'settings.open' });
    actor.send({ type: 'field.change', field: 'drawdownLimit', value: '' });
    actor.send({ type: 'settings.submit' });
    await settle();
    expect(calls.update[0]!.settings).toEqual({ lot_size_percent: 50, max_drawdown_percent: null, no_drawdown_limit: true, quote_asset: 'USDT' });
  });

  it('a refusal keeps what was typed, shows its text and reads the connection again at once', async () => {
    const changed = failure({ code: 'server', category: 'conflict', reason: 'ConnectionStateChanged' });
    const { actor, calls } = start(activeConnection, { update: [changed], fetch: [pausedConnection] });
    await settle();
    actor.send({ type: 'settings.open' });
    actor.send({ type: 'field.change', field: 'lotSize', value: '75' });
    actor.send({ type: 'settings.submit' });
    await settle();
    await settle();
    expect(selectPanel(actor.getSnapshot())).toBe('settings');
    expect(actor.getSnapshot().context.values.lotSize).toBe('75');
    expect(actor.getSnapshot().context.refusal).toBe('ConnectionStateChanged');
    expect(calls.fetch).toBe(1);
    expect(actor.getSnapshot().context.connection?.status).toBe('paused');
  });

  it('resuming while invoices are overdue is refused with its text', async () => {
    const overdue = failure({ code: 'server', category: 'conflict', reason: 'OverdueInvoices' });
    const { actor } = start(pausedConnection, { resume: [overdue] });
    await settle();
    actor.send({ type: 'connection.resume' });
    await settle();
    expect(actor.getSnapshot().context.refusal).toBe('OverdueInvoices');
    expect(actor.getSnapshot().context.connection?.status).toBe('paused');
  });

  it('pauses and resumes', async () => {
    const { actor } = start(activeConnection);
    await settle();
    actor.send({ type: 'connection.pause' });
    await settle();
    expect(actor.getSnapshot().context.connection?.status).toBe('paused');
    actor.send({ type: 'connection.resume' });
    await settle();
    expect(actor.getSnapshot().context.connection?.status).toBe('active');
  });

  it('disconnects with a reason of 1-400 characters, sent trimmed; a failed call keeps the reason', async () => {
    const { actor, calls } = start(activeConnection, { disconnect: [() => Promise.reject(networkError)] });
    await settle();
    actor.send({ type: 'disconnect.open' });
    actor.send({ type: 'disconnect.confirm' });
    expect(actor.getSnapshot().context.reasonError).toBe('required');
    actor.send({ type: 'reason.change', value: 'x'.repeat(401) });
    actor.send({ type: 'disconnect.confirm' });
    expect(actor.getSnapshot().context.reasonError).toBe('maxLength:400');
    actor.send({ type: 'reason.change', value: ' Taking a break ' });
    actor.send({ type: 'disconnect.confirm' });
    await settle();
    expect(selectPanel(actor.getSnapshot())).toBe('disconnect');
    expect(actor.getSnapshot().context.reason).toBe(' Taking a break ');
    expect(calls.notifyFailure).toHaveBeenCalledTimes(1);
    actor.send({ type: 'disconnect.confirm' });
    await settle();
    expect(calls.reasons).toEqual(['Taking a break', 'Taking a break']);
    expect(actor.getSnapshot().context.connection?.status).toBe('disconnected');
    expect(selectCanDisconnect(actor.getSnapshot())).toBe(false);
  });
});
