import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { appStateMachine } from '../../machines/app-state/app-state.machine';
import type { AppStateAnswer } from '../../machines/app-state/app-state.types';
import { memberStatusMachine } from '../../machines/member-status/member-status.machine';
import { oldBrowserMachine } from '../../machines/old-browser/old-browser.machine';
import { live, maintenance, newVersion, newVersionWithLogout } from '../models/app-status.model';

function startAppState(answers: AppStateAnswer[]) {
  const clock = new SimulatedClock();
  const calls = { fetch: vi.fn(), goToLogin: vi.fn(), reloadPage: vi.fn() };
  let answer = 0;
  const actor = createActor(
    appStateMachine.provide({
      actors: {
        fetchAppState: fromPromise(async () => {
          calls.fetch();
          return answers[Math.min(answer++, answers.length - 1)]!;
        }),
        watchPage: fromCallback(() => {}),
      },
      actions: { goToLogin: calls.goToLogin, reloadPage: calls.reloadPage },
    }),
    { clock },
  ).start();
  const tick = async (ms: number) => {
    clock.increment(ms);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { actor, clock, calls, tick };
}

describe('app state', () => {
  it('asks at start and then every 30 s', async () => {
    const { calls, tick } = startAppState([live]);
    await tick(0);
    expect(calls.fetch).toHaveBeenCalledTimes(1);
    await tick(29_999);
    expect(calls.fetch).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(calls.fetch).toHaveBeenCalledTimes(2);
    await tick(30_000);
    await tick(30_000);
    expect(calls.fetch).toHaveBeenCalledTimes(4);
  });

  it('asks nothing while the tab is hidden, and once as soon as it is visible again', async () => {
    const { actor, calls, tick } = startAppState([live]);
    await tick(0);
    actor.send({ type: 'page.hidden' });
    await tick(120_000);
    expect(calls.fetch).toHaveBeenCalledTimes(1);
    actor.send({ type: 'page.visible' });
    await tick(0);
    expect(calls.fetch).toHaveBeenCalledTimes(2);
  });

  it('a status other than live shows the maintenance dialog until the platform is live again', async () => {
    const { actor, tick } = startAppState([live, maintenance, live]);
    await tick(0);
    expect(actor.getSnapshot().hasTag('maintenance')).toBe(false);
    await tick(30_000);
    expect(actor.getSnapshot().hasTag('maintenance')).toBe(true);
    await tick(30_000);
    expect(actor.getSnapshot().hasTag('maintenance')).toBe(false);
  });

  it('a new version prompts a reload of the page', async () => {
    const { actor, calls, tick } = startAppState([live, newVersion]);
    await tick(0);
    await tick(30_000);
    expect(actor.getSnapshot().hasTag('newVersionDialog')).toBe(true);
    actor.send({ type: 'reload.confirm' });
    expect(calls.reloadPage).toHaveBeenCalled();
    expect(calls.goToLogin).not.toHaveBeenCalled();
  });

  it('with logout_needed the reload goes to the login', async () => {
    const { actor, calls, tick } = startAppState([live, newVersionWithLogout]);
    await tick(0);
    await tick(30_000);
    actor.send({ type: 'reload.confirm' });
    expect(calls.goToLogin).toHaveBeenCalled();
  });

  it('waits with the dialog while the member is in the middle of a form, saying so', async () => {
    const { actor, tick } = startAppState([live, newVersion]);
    await tick(0);
    actor.send({ type: 'activity.busy' });
    await tick(30_000);
    expect(actor.getSnapshot().hasTag('newVersionNotice')).toBe(true);
    expect(actor.getSnapshot().hasTag('newVersionDialog')).toBe(false);
    actor.send({ type: 'activity.idle' });
    expect(actor.getSnapshot().hasTag('newVersionDialog')).toBe(true);
  });

  it('a route whose code fails, or loads for over 120 s, leads to the new-version prompt', async () => {
    const failed = startAppState([live]);
    await failed.tick(0);
    failed.actor.send({ type: 'chunk.failed' });
    expect(failed.actor.getSnapshot().hasTag('newVersionDialog')).toBe(true);

    const slow = startAppState([live]);
    await slow.tick(0);
    slow.actor.send({ type: 'page.hidden' }); // keep the polls out of the way
    slow.actor.send({ type: 'navigation.started' });
    await slow.tick(119_999);
    expect(slow.actor.getSnapshot().hasTag('newVersionDialog')).toBe(false);
    await slow.tick(1);
    expect(slow.actor.getSnapshot().hasTag('newVersionDialog')).toBe(true);
  });
});

describe('member status', () => {
  const start = () => {
    const goToInvoices = vi.fn();
    const actor = createActor(memberStatusMachine.provide({ actions: { goToInvoices } })).start();
    const settings = (status: string, unpaid: number, overdue: number) =>
      actor.send({ type: 'settings.received', status, unpaid_trader_fee_invoices: unpaid, overdue_trader_fee_invoices: overdue });
    return { actor, goToInvoices, settings };
  };

  it('a suspended member sees the dialog; View invoices goes to /invoices and closes it', () => {
    const { actor, goToInvoices, settings } = start();
    settings('suspended', 0, 0);
    expect(actor.getSnapshot().hasTag('suspendedDialog')).toBe(true);
    actor.send({ type: 'invoices.open' });
    expect(goToInvoices).toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('suspendedDialog')).toBe(false);
    settings('active', 0, 0);
    expect(actor.getSnapshot().matches({ account: 'active' })).toBe(true);
  });

  it('the banner shows unpaid invoices, or overdue ones when any is overdue', () => {
    const { actor, settings } = start();
    settings('active', 2, 0);
    expect(actor.getSnapshot().hasTag('unpaidBanner')).toBe(true);
    settings('active', 2, 1);
    expect(actor.getSnapshot().hasTag('overdueBanner')).toBe(true);
    settings('active', 0, 0);
    expect(actor.getSnapshot().matches({ banner: 'none' })).toBe(true);
  });
});

describe('old browser', () => {
  const start = (outdated: boolean, neverAgain = false) => {
    const rememberNeverAgain = vi.fn();
    const actor = createActor(
      oldBrowserMachine.provide({ actors: { checkBrowser: fromPromise(async () => outdated) }, actions: { rememberNeverAgain } }),
      { input: { neverAgain } },
    ).start();
    return { actor, rememberNeverAgain };
  };

  it('warns on an old browser; never again is remembered', async () => {
    const { actor, rememberNeverAgain } = start(true);
    await waitFor(actor, (s) => s.hasTag('dialog'));
    actor.send({ type: 'dialog.neverAgain' });
    expect(rememberNeverAgain).toHaveBeenCalled();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('stays quiet on a recent browser, and after never again', async () => {
    const recent = start(false);
    await waitFor(recent.actor, (s) => s.status === 'done');
    const hidden = start(true, true);
    await waitFor(hidden.actor, (s) => s.status === 'done');
    expect(hidden.actor.getSnapshot().hasTag('dialog')).toBe(false);
  });
});
