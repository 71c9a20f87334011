import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { logoutMachine } from '../../machines/auth/logout.machine';
import type { LogoutInput } from '../../machines/auth/logout.types';

function start(input: LogoutInput, signOut: () => Promise<void> = async () => {}) {
  const calls = { clearSession: vi.fn(), goToLogin: vi.fn(), goToOAuthLogin: vi.fn() };
  const actor = createActor(
    logoutMachine.provide({
      actors: { signOut: fromPromise(signOut) },
      actions: {
        clearSession: calls.clearSession,
        goToLogin: (_, params) => calls.goToLogin(params),
        goToOAuthLogin: calls.goToOAuthLogin,
      },
    }),
    { input },
  ).start();
  return { actor, calls };
}

describe('logout', () => {
  it('an expired session clears everything and lands on /login?s=expired', async () => {
    const { actor, calls } = start({ reason: 'expired', oauth: false });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.clearSession).toHaveBeenCalledTimes(1);
    expect(calls.goToLogin).toHaveBeenCalledWith({ reason: 'expired' });
  });

  it('a failed server call still signs the member out', async () => {
    const { actor, calls } = start({ reason: 'logout', oauth: false }, () => Promise.reject({ code: 'network' }));
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.clearSession).toHaveBeenCalled();
    expect(calls.goToLogin).toHaveBeenCalledWith({ reason: 'logout' });
  });

  it('with single sign-on the menu logout goes to the OAuth login route', async () => {
    const { actor, calls } = start({ reason: 'logout', oauth: true });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.goToOAuthLogin).toHaveBeenCalled();
    expect(calls.goToLogin).not.toHaveBeenCalled();
  });

  it('an expired session with single sign-on still lands on /login?s=expired', async () => {
    const { actor, calls } = start({ reason: 'expired', oauth: true });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.goToLogin).toHaveBeenCalledWith({ reason: 'expired' });
  });
});
