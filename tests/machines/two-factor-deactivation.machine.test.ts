import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { twoFactorDeactivationMachine } from '../../machines/account/two-factor-deactivation.machine';
import type { DeactivateOutcome, SendEmailCodeOutcome } from '../../machines/account/two-factor-deactivation.types';
import { wrongCode } from '../models/two-factor-activation.model';
import { failure, success } from '../support/fixtures';

function start(deactivate: (input: { emailCode: string; authCode: string | null; recoveryCode: string | null }) => DeactivateOutcome) {
  const clock = new SimulatedClock();
  const calls = { refreshMember: vi.fn(), deactivate: vi.fn(), sendEmailCode: vi.fn() };
  const actor = createActor(
    twoFactorDeactivationMachine.provide({
      actors: {
        sendEmailCode: fromPromise(async (): Promise<SendEmailCodeOutcome> => {
          calls.sendEmailCode();
          return success(undefined);
        }),
        deactivate: fromPromise(async ({ input }) => {
          calls.deactivate(input);
          return deactivate(input);
        }),
      },
      actions: { refreshMember: calls.refreshMember },
    }),
    { clock },
  ).start();
  // The member pressed Turn off.
  actor.send({ type: 'dialog.open' });
  return { actor, calls, clock };
}

describe('two-factor deactivation', () => {
  it('needs the email code and a code from the app; success, then closing fetches the member again', async () => {
    const { actor, calls } = start(() => success(undefined));
    actor.send({ type: 'authCode.change', code: '123456' });
    actor.send({ type: 'deactivation.submit' });
    expect(actor.getSnapshot().context.error).toEqual({ code: 'invalidCode' });
    expect(calls.deactivate).not.toHaveBeenCalled();
    actor.send({ type: 'emailCode.change', code: '111111' });
    actor.send({ type: 'deactivation.submit' });
    await waitFor(actor, (s) => s.hasTag('success'));
    expect(calls.deactivate).toHaveBeenCalledWith({ emailCode: '111111', authCode: '123456', recoveryCode: null });
    actor.send({ type: 'dialog.close' });
    expect(calls.refreshMember).toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('closed');
    // The next opening starts afresh.
    expect(actor.getSnapshot().context).toMatchObject({ emailCode: '', authCode: '', error: null });
  });

  it('a recovery code stands in for a lost phone', async () => {
    const { actor, calls } = start(() => success(undefined));
    actor.send({ type: 'emailCode.change', code: '111111' });
    actor.send({ type: 'recovery.toggle', use: true });
    actor.send({ type: 'recovery.change', code: ' 7k2mq-x9b4d ' });
    actor.send({ type: 'deactivation.submit' });
    await waitFor(actor, (s) => s.hasTag('success'));
    expect(calls.deactivate).toHaveBeenCalledWith({ emailCode: '111111', authCode: null, recoveryCode: '7k2mq-x9b4d' });
  });

  it('the email code button waits 60 s after sending', async () => {
    const { actor, clock, calls } = start(() => success(undefined));
    actor.send({ type: 'emailCode.send' });
    await waitFor(actor, (s) => s.context.emailCodeDeadline !== null);
    expect(calls.sendEmailCode).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().can({ type: 'emailCode.send' })).toBe(false);
    clock.increment(60_000);
    expect(actor.getSnapshot().can({ type: 'emailCode.send' })).toBe(true);
  });

  it('a wrong code keeps the dialog, clears the app code and says so; a voided email code must be asked for again', async () => {
    let answer: DeactivateOutcome = failure(wrongCode);
    const { actor } = start(() => answer);
    actor.send({ type: 'emailCode.change', code: '111111' });
    actor.send({ type: 'authCode.change', code: '000000' });
    actor.send({ type: 'deactivation.submit' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ emailCode: '111111', authCode: '', error: wrongCode });
    answer = failure({ code: 'validation', reason: 'CodeExpired' });
    actor.send({ type: 'authCode.change', code: '000001' });
    actor.send({ type: 'deactivation.submit' });
    await waitFor(actor, (s) => s.context.error?.reason === 'CodeExpired');
    expect(actor.getSnapshot().context).toMatchObject({ emailCode: '', authCode: '' });
  });
});
