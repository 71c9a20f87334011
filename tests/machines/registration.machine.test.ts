import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { registrationMachine } from '../../machines/auth/registration.machine';
import type { RegisterOutcome, RegistrationInput, SendCodeOutcome, VerifyCodeOutcome } from '../../machines/auth/registration.types';
import { goodValues, notVerified, wrongCode } from '../models/registration.model';
import { failure, success } from '../support/fixtures';

interface Server {
  register?: () => Promise<RegisterOutcome>;
  verifyCode?: (input: { email: string; code: string }) => Promise<VerifyCodeOutcome>;
  sendCode?: () => Promise<SendCodeOutcome>;
}

function start(server: Server = {}, input: Partial<RegistrationInput> = {}) {
  const clock = new SimulatedClock();
  const calls = {
    register: vi.fn(),
    sendCode: vi.fn(),
    storeSession: vi.fn(),
    goToDashboard: vi.fn(),
    goToProducts: vi.fn(),
    showLoginPage: vi.fn(),
  };
  const actor = createActor(
    registrationMachine.provide({
      actors: {
        register: fromPromise(async ({ input: request }) => {
          calls.register(request);
          return (await server.register?.()) ?? success(undefined);
        }),
        verifyCode: fromPromise(({ input: request }) => server.verifyCode?.(request) ?? Promise.resolve(failure(wrongCode))),
        sendCode: fromPromise(async () => {
          calls.sendCode();
          return (await server.sendCode?.()) ?? success(undefined);
        }),
      },
      actions: {
        storeSession: (_, params) => calls.storeSession(params),
        goToDashboard: calls.goToDashboard,
        goToProducts: calls.goToProducts,
        showLoginPage: calls.showLoginPage,
      },
    }),
    {
      clock,
      input: {
        rules: { requireFirstLastName: false, requireTelegram: false, requireConfirmPassword: false },
        referralOnly: false,
        sponsor: null,
        inDialog: false,
        productsModuleOn: true,
        hasStoredProducts: false,
        ...input,
      },
    },
  ).start();
  return { actor, calls, clock };
}

describe('registration', () => {
  it('refuses a form that breaks the rules without calling the server', () => {
    const { actor, calls } = start();
    actor.send({ type: 'registration.submit', values: { ...goodValues, password: 'secret123' } });
    actor.send({ type: 'registration.submit', values: { ...goodValues, terms: false } });
    actor.send({ type: 'registration.submit', values: { ...goodValues, name: 'A' } });
    expect(actor.getSnapshot().value).toBe('fillingForm');
    expect(calls.register).not.toHaveBeenCalled();
  });

  it('checks first and last name, telegram and the repeated password when the tenant asks for them', () => {
    const { actor, calls } = start({}, {
      rules: { requireFirstLastName: true, requireTelegram: true, requireConfirmPassword: true },
    });
    const values = { ...goodValues, name: '', firstName: 'New', lastName: 'Member', telegram: 'newbie', confirmPassword: 'Secret123' };
    actor.send({ type: 'registration.submit', values: { ...values, telegram: '' } });
    actor.send({ type: 'registration.submit', values: { ...values, confirmPassword: 'Secret124' } });
    actor.send({ type: 'registration.submit', values: { ...values, lastName: '' } });
    expect(calls.register).not.toHaveBeenCalled();
    actor.send({ type: 'registration.submit', values });
    expect(calls.register).toHaveBeenCalledWith({ values, sponsor: null });
  });

  it('refuses a visit without a referral when the tenant registers only through referral links', () => {
    const { actor } = start({}, { referralOnly: true });
    expect(actor.getSnapshot().value).toBe('referralRequired');
    expect(start({}, { referralOnly: true, sponsor: 'demo' }).actor.getSnapshot().value).toBe('fillingForm');
  });

  it('after registering, the code may be sent again only after 120000 ms; the deadline says when', async () => {
    const { actor, calls, clock } = start();
    clock.set(1_000_000);
    actor.send({ type: 'registration.submit', values: goodValues });
    await waitFor(actor, (s) => s.matches('awaitingCode'));
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    expect(actor.getSnapshot().context.resendDeadline).toBe(1_120_000);
    clock.increment(119_999);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);
    expect(actor.getSnapshot().context.resendDeadline).toBeNull();
    actor.send({ type: 'code.resend' });
    await waitFor(actor, (s) => s.matches({ awaitingCode: { resend: 'waiting' } }));
    expect(calls.sendCode).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    expect(actor.getSnapshot().context.resendDeadline).toBe(1_240_000);
  });

  it('a not-verified reply goes straight to the code step without asking for a new code', async () => {
    const { actor, calls } = start({ register: async () => failure(notVerified) });
    actor.send({ type: 'registration.submit', values: goodValues });
    await waitFor(actor, (s) => s.matches('awaitingCode'));
    expect(calls.sendCode).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.error).toBeNull();
    // Nothing was just sent, so sending again is offered at once.
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);
  });

  it('a wrong code keeps step 2 and says so; the right one signs the member in', async () => {
    const { actor, calls } = start({
      verifyCode: async ({ code }) => (code === '654321' ? success({ access_token: 'token', expires_in: 60 }) : failure(wrongCode)),
    });
    actor.send({ type: 'registration.submit', values: goodValues });
    await waitFor(actor, (s) => s.matches('awaitingCode'));
    actor.send({ type: 'code.change', code: '111111' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ code: '', error: wrongCode });
    actor.send({ type: 'code.change', code: '654321' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.storeSession).toHaveBeenCalledWith({ access_token: 'token', expires_in: 60 });
    expect(calls.goToDashboard).toHaveBeenCalled();
  });

  it('the toggle to login leaves registration from either step', async () => {
    const first = start();
    first.actor.send({ type: 'login.choose' });
    expect(first.calls.showLoginPage).toHaveBeenCalled();
    const second = start();
    second.actor.send({ type: 'registration.submit', values: goodValues });
    await waitFor(second.actor, (s) => s.matches('awaitingCode'));
    second.actor.send({ type: 'login.choose' });
    expect(second.calls.showLoginPage).toHaveBeenCalled();
  });

  it('in the dialog, the toggle to login stays in the dialog (no page opens)', () => {
    const { actor, calls } = start({}, { inDialog: true });
    actor.send({ type: 'login.choose' });
    expect(actor.getSnapshot().value).toBe('loginChosen');
    expect(calls.showLoginPage).not.toHaveBeenCalled();
  });

  it('verified in the dialog, the member is signed in and the page stays (payment goes on)', async () => {
    const { actor, calls } = start({ verifyCode: async () => success({ access_token: 'token', expires_in: 60 }) }, { inDialog: true });
    actor.send({ type: 'registration.submit', values: goodValues });
    await waitFor(actor, (s) => s.matches('awaitingCode'));
    actor.send({ type: 'code.change', code: '654321' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.storeSession).toHaveBeenCalled();
    expect(calls.goToDashboard).not.toHaveBeenCalled();
    expect(calls.goToProducts).not.toHaveBeenCalled();
  });
});
