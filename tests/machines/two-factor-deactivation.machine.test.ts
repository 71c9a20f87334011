import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { twoFactorDeactivationMachine } from '../../machines/account/two-factor-deactivation.machine';
import type { DeactivateOutcome } from '../../machines/account/two-factor-deactivation.types';
import { wrongCode } from '../models/two-factor-activation.model';
import { failure, success } from '../support/fixtures';

describe('two-factor deactivation', () => {
  it('needs a complete code; success, then closing fetches the member again', async () => {
    const refreshMember = vi.fn();
    const actor = createActor(
      twoFactorDeactivationMachine.provide({ actors: { deactivate: fromPromise(async (): Promise<DeactivateOutcome> => success(undefined)) }, actions: { refreshMember } }),
    ).start();
    actor.send({ type: 'authCode.change', code: '123' });
    actor.send({ type: 'deactivation.submit' });
    expect(actor.getSnapshot().value).toBe('enteringCode');
    actor.send({ type: 'authCode.change', code: '123456' });
    actor.send({ type: 'deactivation.submit' });
    await waitFor(actor, (s) => s.hasTag('success'));
    actor.send({ type: 'dialog.close' });
    expect(refreshMember).toHaveBeenCalled();
  });

  it('a wrong code keeps the dialog, clears the field and says so', async () => {
    const actor = createActor(
      twoFactorDeactivationMachine.provide({ actors: { deactivate: fromPromise(async (): Promise<DeactivateOutcome> => failure(wrongCode)) }, actions: { refreshMember: () => {} } }),
    ).start();
    actor.send({ type: 'authCode.change', code: '000000' });
    actor.send({ type: 'deactivation.submit' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(actor.getSnapshot().context).toMatchObject({ authCode: '', error: wrongCode });
  });
});
