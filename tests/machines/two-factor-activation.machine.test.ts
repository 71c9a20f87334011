import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { twoFactorActivationMachine } from '../../machines/account/two-factor-activation.machine';
import type { ActivateOutcome, GenerateSecretOutcome, SendEmailCodeOutcome } from '../../machines/account/two-factor-activation.types';
import { attemptVoid, secret, wrongCode } from '../models/two-factor-activation.model';
import { failure, networkError, success } from '../support/fixtures';

const recoveryCodes = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function startActivation(activate: () => Promise<ActivateOutcome> = async () => success({ recoveryCodes })) {
  const clock = new SimulatedClock();
  const calls = { sendEmailCode: vi.fn(), refreshMember: vi.fn(), activate: vi.fn() };
  const actor = createActor(
    twoFactorActivationMachine.provide({
      actors: {
        generateSecret: fromPromise(async (): Promise<GenerateSecretOutcome> => success(secret)),
        sendEmailCode: fromPromise(async (): Promise<SendEmailCodeOutcome> => {
          calls.sendEmailCode();
          return success(undefined);
        }),
        activate: fromPromise(async ({ input }) => {
          calls.activate(input);
          return activate();
        }),
      },
      actions: { refreshMember: calls.refreshMember },
    }),
    { clock },
  ).start();
  // The member pressed Turn on.
  actor.send({ type: 'dialog.open' });
  return { actor, clock, calls };
}

async function toCodes(actor: ReturnType<typeof startActivation>['actor']) {
  actor.send({ type: 'method.continue' });
  await waitFor(actor, (s) => s.hasTag('step2'));
  actor.send({ type: 'backup.toggle', saved: true });
  actor.send({ type: 'step.continue' });
  expect(actor.getSnapshot().hasTag('step3')).toBe(true);
}

describe('two-factor activation', () => {
  it('starts closed and opens at step 1; closing fetches the member and forgets the activation, so the next opening starts afresh', async () => {
    const { actor, calls } = startActivation();
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'dialog.open' });
    await toCodes(actor);
    actor.send({ type: 'emailCode.change', code: '123456' });
    actor.send({ type: 'emailCode.send' });
    await flush();
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(calls.refreshMember).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context).toMatchObject({ secret: null, backupSaved: false, emailCode: '', emailCodeDeadline: null });
    actor.send({ type: 'dialog.open' });
    expect(actor.getSnapshot().hasTag('step1')).toBe(true);
    // The countdown of the last opening is gone with it: no timer sends it back later.
    expect(actor.getSnapshot().context.emailCodeDeadline).toBeNull();
  });

  it('goes 1 → 2 → 3 with a fresh secret, and needs the backup confirmed to leave step 2', async () => {
    const { actor } = startActivation();
    actor.send({ type: 'method.continue' });
    await waitFor(actor, (s) => s.hasTag('step2'));
    expect(actor.getSnapshot().context.secret).toEqual(secret);
    actor.send({ type: 'step.continue' });
    expect(actor.getSnapshot().hasTag('step2')).toBe(true);
    actor.send({ type: 'backup.toggle', saved: true });
    actor.send({ type: 'step.continue' });
    expect(actor.getSnapshot().hasTag('step3')).toBe(true);
  });

  it('Back goes 3 → 2 and 2 → 1', async () => {
    const { actor } = startActivation();
    await toCodes(actor);
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().hasTag('step2')).toBe(true);
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().hasTag('step1')).toBe(true);
  });

  it('Back waits while the server checks the codes', async () => {
    const { actor } = startActivation(() => new Promise(() => {}));
    await toCodes(actor);
    actor.send({ type: 'emailCode.change', code: '123456' });
    actor.send({ type: 'authCode.change', code: '654321' });
    actor.send({ type: 'activation.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().hasTag('step3')).toBe(true);
  });

  it('the email-code button waits 60 s after sending; the deadline says when', async () => {
    const { actor, clock, calls } = startActivation();
    clock.set(500_000);
    await toCodes(actor);
    actor.send({ type: 'emailCode.send' });
    await flush();
    expect(calls.sendEmailCode).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().can({ type: 'emailCode.send' })).toBe(false);
    expect(actor.getSnapshot().context.emailCodeDeadline).toBe(560_000);
    clock.increment(59_999);
    expect(actor.getSnapshot().can({ type: 'emailCode.send' })).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().can({ type: 'emailCode.send' })).toBe(true);
    expect(actor.getSnapshot().context.emailCodeDeadline).toBeNull();
  });

  it('needs both codes complete, then shows success with the recovery codes; closes once they are saved', async () => {
    const { actor, calls } = startActivation();
    await toCodes(actor);
    actor.send({ type: 'activation.submit' });
    expect(actor.getSnapshot().context.error).toEqual({ code: 'invalidCode' });
    actor.send({ type: 'emailCode.change', code: '123456' });
    actor.send({ type: 'authCode.change', code: '654321' });
    actor.send({ type: 'activation.submit' });
    await waitFor(actor, (s) => s.hasTag('success'));
    expect(calls.activate).toHaveBeenCalledWith({ emailCode: '123456', authCode: '654321' });
    expect(actor.getSnapshot().context.recoveryCodes).toHaveLength(10);
    // Closing before the codes are saved only reminds the member.
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
    expect(calls.refreshMember).not.toHaveBeenCalled();
    actor.send({ type: 'recovery.saved', saved: true });
    actor.send({ type: 'dialog.close' });
    expect(calls.refreshMember).toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('closed');
    // The recovery codes are shown once: the closed flow no longer holds them.
    expect(actor.getSnapshot().context.recoveryCodes).toEqual([]);
  });

  it('a wrong code keeps step 3; a voided attempt starts again at step 1', async () => {
    let error: typeof wrongCode | typeof attemptVoid = wrongCode;
    const { actor } = startActivation(async () => failure(error));
    await toCodes(actor);
    actor.send({ type: 'emailCode.change', code: '123456' });
    actor.send({ type: 'authCode.change', code: '000000' });
    actor.send({ type: 'activation.submit' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().hasTag('step3')).toBe(true);
    expect(actor.getSnapshot().context.authCode).toBe('');
    error = attemptVoid;
    actor.send({ type: 'authCode.change', code: '111111' });
    actor.send({ type: 'activation.submit' });
    await waitFor(actor, (s) => s.hasTag('step1'));
    expect(actor.getSnapshot().context).toMatchObject({ secret: null, error: attemptVoid });
  });
});


describe('two-factor activation: the unexpected', () => {
  it('a failed connection while activating keeps step 3 and says so', async () => {
    const { actor } = startActivation(() => Promise.reject(networkError));
    await toCodes(actor);
    actor.send({ type: 'emailCode.change', code: '123456' });
    actor.send({ type: 'authCode.change', code: '654321' });
    actor.send({ type: 'activation.submit' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().hasTag('step3')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(networkError);
  });
});
