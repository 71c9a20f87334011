import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { oldBrowserMachine } from '../../machines/app-status/old-browser.machine';

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
