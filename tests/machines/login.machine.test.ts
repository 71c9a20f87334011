import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { loginMachine } from '../../machines/login/login.machine';
import type { Credentials, LoginAnswer } from '../../machines/login/login.types';

function start(signIn: (credentials: Credentials) => Promise<LoginAnswer>, hasStoredProducts = false) {
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
    { input: { productsModuleOn: true, hasStoredProducts } },
  ).start();
  return { actor, calls };
}

const answer = { access_token: 'token', expires_in: 3600 };

describe('login', () => {
  it('refuses credentials that break the rules without calling the server', () => {
    const { actor, calls } = start(async () => answer);
    actor.send({ type: 'credentials.submit', email: 'not-an-email', password: 'x' });
    actor.send({ type: 'credentials.submit', email: 'demo@example.com', password: '' });
    expect(actor.getSnapshot().value).toBe('editingCredentials');
    expect(calls.signIn).not.toHaveBeenCalled();
  });

  it('stores the token and expiry, then goes to the dashboard', async () => {
    const { actor, calls } = start(async () => answer);
    actor.send({ type: 'credentials.submit', email: ' demo@example.com ', password: 'Demo12345' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.signIn).toHaveBeenCalledWith({ email: 'demo@example.com', password: 'Demo12345' });
    expect(calls.storeSession).toHaveBeenCalledWith(answer);
    expect(calls.goToDashboard).toHaveBeenCalled();
    expect(calls.goToProducts).not.toHaveBeenCalled();
  });

  it('goes to /products when purchase-link products are stored and the products module is on', async () => {
    const { actor, calls } = start(async () => answer, true);
    actor.send({ type: 'credentials.submit', email: 'demo@example.com', password: 'Demo12345' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.goToProducts).toHaveBeenCalled();
  });

  it('keeps the error as a code and lets the member try again', async () => {
    const { actor, calls } = start(() => Promise.reject({ code: 'invalidLogin' }));
    actor.send({ type: 'credentials.submit', email: 'demo@example.com', password: 'Wrong1234' });
    await waitFor(actor, (s) => s.matches('editingCredentials') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'invalidLogin' });
    expect(calls.storeSession).not.toHaveBeenCalled();
    actor.send({ type: 'credentials.submit', email: 'demo@example.com', password: 'Demo12345' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
