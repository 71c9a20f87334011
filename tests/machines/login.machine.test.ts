import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { loginMachine } from '../../machines/auth/login.machine';
import type { LoginMethod, SignInOutcome, SignInRequest } from '../../machines/auth/login.types';
import { failure, success } from '../support/fixtures';
import { invalidLogin, twoFaRequired, wrongCode } from '../models/login.model';

function start(signIn: (request: SignInRequest) => Promise<SignInOutcome>, options: { hasStoredProducts?: boolean; method?: LoginMethod; inDialog?: boolean } = {}) {
  const clock = new SimulatedClock();
  const calls = { storeSession: vi.fn(), goToProducts: vi.fn(), goToDashboard: vi.fn(), signIn: vi.fn() };
  const actor = createActor(
    loginMachine.provide({
      actors: {
        signIn: fromPromise(({ input }) => {
          calls.signIn(input);
          return signIn(input);
        }),
      },
      actions: {
        storeSession: (_, params) => calls.storeSession(params),
        goToProducts: calls.goToProducts,
        goToDashboard: calls.goToDashboard,
      },
    }),
    { input: { method: options.method ?? 'email', productsModuleOn: true, hasStoredProducts: options.hasStoredProducts ?? false, inDialog: options.inDialog ?? false }, clock },
  ).start();
  return { actor, calls, clock };
}

const token = { access_token: 'token', expires_in: 3600 };
const answer = success(token);
const demo = { type: 'credentials.submit', username: 'demo@example.com', password: 'Demo12345' } as const;
/** The server of a member with two-factor on: wants a code, accepts 123456. */
const twoFactorServer = async (request: SignInRequest) => {
  if (!request.code) return failure(twoFaRequired);
  if (request.code !== '123456') return failure(wrongCode);
  return answer;
};

describe('login', () => {
  it('refuses credentials that break the rules without calling the server', () => {
    const { actor, calls } = start(async () => answer);
    actor.send({ type: 'credentials.submit', username: 'not-an-email', password: 'x' });
    actor.send({ type: 'credentials.submit', username: 'demo@example.com', password: '' });
    expect(actor.getSnapshot().value).toBe('editingCredentials');
    expect(calls.signIn).not.toHaveBeenCalled();
  });

  it('stores the token and expiry, then goes to the dashboard', async () => {
    const { actor, calls } = start(async () => answer);
    actor.send({ ...demo, username: ' demo@example.com ' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.signIn).toHaveBeenCalledWith({ username: 'demo@example.com', password: 'Demo12345' });
    expect(calls.storeSession).toHaveBeenCalledWith(token);
    expect(calls.goToDashboard).toHaveBeenCalled();
    expect(calls.goToProducts).not.toHaveBeenCalled();
  });

  it('goes to /products when purchase-link products are stored and the products module is on', async () => {
    const { actor, calls } = start(async () => answer, { hasStoredProducts: true });
    actor.send(demo);
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.goToProducts).toHaveBeenCalled();
  });

  it('the phone variant takes exactly 11 digits', () => {
    const { actor, calls } = start(async () => answer, { method: 'phone' });
    actor.send({ type: 'credentials.submit', username: '1202555012', password: 'Demo12345' });
    expect(calls.signIn).not.toHaveBeenCalled();
    actor.send({ type: 'credentials.submit', username: '12025550123', password: 'Demo12345' });
    expect(calls.signIn).toHaveBeenCalledWith({ username: '12025550123', password: 'Demo12345' });
  });

  it('a two-factor answer shows the code step; the code submits itself at 6 digits', async () => {
    const { actor, calls } = start(twoFactorServer);
    actor.send(demo);
    await waitFor(actor, (s) => s.matches({ twoFactor: 'enteringCode' }));
    actor.send({ type: 'code.change', code: '12345' });
    expect(actor.getSnapshot().matches({ twoFactor: 'enteringCode' })).toBe(true);
    actor.send({ type: 'code.change', code: '123456' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.signIn).toHaveBeenLastCalledWith({ username: 'demo@example.com', password: 'Demo12345', code: '123456' });
  });

  it('a wrong code keeps the code step (field cleared) and says so', async () => {
    const { actor } = start(twoFactorServer);
    actor.send(demo);
    await waitFor(actor, (s) => s.matches({ twoFactor: 'enteringCode' }));
    actor.send({ type: 'code.change', code: '000000' });
    await waitFor(actor, (s) => s.matches({ twoFactor: 'enteringCode' }) && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ code: '', error: wrongCode });
  });

  it('any other error ends the code step at once, keeping the credentials', async () => {
    let fail = false;
    const { actor } = start(async (request) => {
      if (fail) return failure(invalidLogin);
      return twoFactorServer(request);
    });
    actor.send(demo);
    await waitFor(actor, (s) => s.matches({ twoFactor: 'enteringCode' }));
    fail = true;
    actor.send({ type: 'code.change', code: '123456' });
    await waitFor(actor, (s) => s.matches('editingCredentials'));
    expect(actor.getSnapshot().context).toMatchObject({
      error: invalidLogin,
      credentials: { username: 'demo@example.com', password: 'Demo12345' },
    });
  });

  it('the code step ends after 120 s, and not before — wrong codes do not restart the clock', async () => {
    const { actor, clock } = start(twoFactorServer);
    actor.send(demo);
    await waitFor(actor, (s) => s.matches({ twoFactor: 'enteringCode' }));
    clock.increment(60_000);
    actor.send({ type: 'code.change', code: '000000' });
    await waitFor(actor, (s) => s.matches({ twoFactor: 'enteringCode' }) && s.context.error !== null);
    clock.increment(59_999);
    expect(actor.getSnapshot().matches('twoFactor')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('editingCredentials');
    expect(actor.getSnapshot().context).toMatchObject({ code: '', codeTimedOut: true });
  });
});

describe('login in a dialog', () => {
  it('stores the session and leaves the page where it is', async () => {
    const { actor, calls } = start(async () => answer, { inDialog: true, hasStoredProducts: true });
    actor.send(demo);
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.storeSession).toHaveBeenCalledWith(token);
    expect(calls.goToProducts).not.toHaveBeenCalled();
    expect(calls.goToDashboard).not.toHaveBeenCalled();
  });
});

describe('login: the unexpected', () => {
  it('a failed connection shows its error and keeps the form', async () => {
    const { actor } = start(async () => {
      throw { code: 'network' };
    });
    actor.send(demo);
    await waitFor(actor, (s) => s.matches('editingCredentials') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'network' });
  });
});
