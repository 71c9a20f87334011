import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { registrationMachine } from '../../machines/registration/registration.machine';
import type { RegistrationInput, VerifyAnswer } from '../../machines/registration/registration.types';
import { goodValues, notVerified } from '../models/registration.model';

interface Server {
  register?: () => Promise<void>;
  verifyCode?: (input: { email: string; code: string }) => Promise<VerifyAnswer | null>;
  sendCode?: () => Promise<void>;
}

function start(server: Server = {}, input: Partial<RegistrationInput> = {}) {
  const clock = new SimulatedClock();
  const calls = {
    register: vi.fn(),
    sendCode: vi.fn(),
    storeSession: vi.fn(),
    goToDashboard: vi.fn(),
    goToProducts: vi.fn(),
    showLogin: vi.fn(),
  };
  const actor = createActor(
    registrationMachine.provide({
      actors: {
        register: fromPromise(async ({ input: values }) => {
          calls.register(values);
          await server.register?.();
        }),
        verifyCode: fromPromise(({ input: request }) => server.verifyCode?.(request) ?? Promise.resolve(null)),
        sendCode: fromPromise(async () => {
          calls.sendCode();
          await server.sendCode?.();
        }),
      },
      actions: {
        storeSession: (_, params) => calls.storeSession(params),
        goToDashboard: calls.goToDashboard,
        goToProducts: calls.goToProducts,
        showLogin: calls.showLogin,
      },
    }),
    {
      clock,
      input: {
        rules: { requireFirstLastName: false, requireTelegram: false, requireConfirmPassword: false },
        referralOnly: false,
        hasSponsor: false,
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
    expect(calls.register).toHaveBeenCalledWith(values);
  });

  it('refuses a visit without a referral when the tenant registers only through referral links', () => {
    const { actor } = start({}, { referralOnly: true });
    expect(actor.getSnapshot().value).toBe('referralRequired');
    expect(start({}, { referralOnly: true, hasSponsor: true }).actor.getSnapshot().value).toBe('fillingForm');
  });

  it('after registering, the code may be sent again only after 120000 ms', async () => {
    const { actor, calls, clock } = start();
    actor.send({ type: 'registration.submit', values: goodValues });
    await waitFor(actor, (s) => s.matches('awaitingCode'));
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    clock.increment(119_999);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);
    actor.send({ type: 'code.resend' });
    await waitFor(actor, (s) => s.matches({ awaitingCode: { resend: 'waiting' } }));
    expect(calls.sendCode).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
  });

  it('a not-verified reply goes straight to the code step without asking for a new code', async () => {
    const { actor, calls } = start({ register: () => Promise.reject(notVerified) });
    actor.send({ type: 'registration.submit', values: goodValues });
    await waitFor(actor, (s) => s.matches('awaitingCode'));
    expect(calls.sendCode).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.error).toBeNull();
    // Nothing was just sent, so sending again is offered at once.
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);
  });

  it('a wrong code keeps step 2 and says so; the right one signs the member in', async () => {
    const { actor, calls } = start({
      verifyCode: async ({ code }) => (code === '654321' ? { access_token: 'token', expires_in: 60 } : null),
    });
    actor.send({ type: 'registration.submit', values: goodValues });
    await waitFor(actor, (s) => s.matches('awaitingCode'));
    actor.send({ type: 'code.change', code: '111111' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ code: '', error: { code: 'invalidCode' } });
    actor.send({ type: 'code.change', code: '654321' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.storeSession).toHaveBeenCalledWith({ access_token: 'token', expires_in: 60 });
    expect(calls.goToDashboard).toHaveBeenCalled();
  });

  it('the toggle to login leaves registration from either step', async () => {
    const first = start();
    first.actor.send({ type: 'login.choose' });
    expect(first.calls.showLogin).toHaveBeenCalled();
    const second = start();
    second.actor.send({ type: 'registration.submit', values: goodValues });
    await waitFor(second.actor, (s) => s.matches('awaitingCode'));
    second.actor.send({ type: 'login.choose' });
    expect(second.calls.showLogin).toHaveBeenCalled();
  });
});
