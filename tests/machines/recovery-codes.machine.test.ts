import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { recoveryCodesMachine } from '../../machines/account/recovery-codes.machine';
import type { RegenerateOutcome } from '../../machines/account/recovery-codes.types';
import { failure, success } from '../support/fixtures';
import { recoveryCodes, wrongCode } from '../models/two-factor-activation.model';

function start(answer: (code: string) => RegenerateOutcome) {
  const refreshMember = vi.fn();
  const actor = createActor(
    recoveryCodesMachine.provide({
      actors: { regenerate: fromPromise(async ({ input }) => answer(input.authCode)) },
      actions: { refreshMember },
    }),
  ).start();
  // The member pressed Make new codes.
  actor.send({ type: 'dialog.open' });
  return { actor, refreshMember };
}

describe('new recovery codes', () => {
  it('need a complete code from the app; a wrong one says so', async () => {
    const { actor } = start((code) => (code === '123456' ? success({ recoveryCodes }) : failure(wrongCode)));
    actor.send({ type: 'authCode.change', code: '12' });
    actor.send({ type: 'codes.request' });
    expect(actor.getSnapshot().context.error).toEqual({ code: 'invalidCode' });
    actor.send({ type: 'authCode.change', code: '000000' });
    actor.send({ type: 'codes.request' });
    await waitFor(actor, (s) => s.matches({ open: 'enteringCode' }) && s.context.error?.reason === 'TwoFaCodeError');
    expect(actor.getSnapshot().context.authCode).toBe('');
  });

  it('show the 10 new codes once, and close only after the member says they are saved', async () => {
    const { actor, refreshMember } = start(() => success({ recoveryCodes }));
    actor.send({ type: 'authCode.change', code: '123456' });
    actor.send({ type: 'codes.request' });
    await waitFor(actor, (s) => s.matches({ open: 'showingCodes' }));
    expect(actor.getSnapshot().context.codes).toHaveLength(10);
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().matches({ open: 'showingCodes' })).toBe(true);
    actor.send({ type: 'codes.saved', saved: true });
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(refreshMember).toHaveBeenCalled();
    // Shown once: the closed flow holds no codes, and the next opening asks for a code again.
    expect(actor.getSnapshot().context.codes).toEqual([]);
    actor.send({ type: 'dialog.open' });
    expect(actor.getSnapshot().matches({ open: 'enteringCode' })).toBe(true);
  });

  it('start closed: nothing happens until the dialog opens', () => {
    const actor = createActor(recoveryCodesMachine).start();
    actor.send({ type: 'authCode.change', code: '123456' });
    actor.send({ type: 'codes.request' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.authCode).toBe('');
  });
});
