// Autologin (/autologin, always passes the guard): a session handed over in the URL fragment
// (#access_token=...&expires_in=..., never sent to a server or kept in history) is checked against the
// server and then stored; the member goes on like after a login, or to /login?s=expired.
import { setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import type { AutologinInput } from './autologin.types';

export const autologinMachine = setup({
  types: {
    context: {} as AutologinInput,
    input: {} as AutologinInput,
  },
  actors: {
    /** Asks the server whom the handed-over token belongs to (it is stored only when it works). */
    checkSession: notProvidedActor<void, { access_token: string }>('checkSession'),
  },
  actions: {
    storeSession: notProvidedAction('storeSession') as (_: unknown, params: { access_token: string; expires_in: number }) => void,
    clearSession: notProvidedAction('clearSession'),
    goToProducts: notProvidedAction('goToProducts'),
    goToDashboard: notProvidedAction('goToDashboard'),
    goToLogin: notProvidedAction('goToLogin'),
  },
  guards: {
    hasSession: ({ context }) => context.session !== null,
    opensProducts: ({ context }) => context.productsModuleOn && context.hasStoredProducts,
  },
}).createMachine({
  id: 'autologin',
  context: ({ input }) => input,
  initial: 'readingSession',
  states: {
    readingSession: {
      meta: { description: 'Looks for a session in the URL fragment.' },
      always: [
        { guard: 'hasSession', target: 'checking', meta: { description: 'Link has a session' } },
        { target: 'failed', meta: { description: 'No session in the link' } },
      ],
    },
    checking: {
      meta: { description: 'Asks the server whether the handed-over session is good.' },
      tags: ['busy'],
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        input: ({ context }) => ({ access_token: context.session!.access_token }),
        onDone: [
          {
            guard: 'opensProducts',
            target: 'signedIn',
            actions: [{ type: 'storeSession', params: ({ context }) => context.session! }, 'goToProducts'],
            meta: { description: 'Signed in, to products' },
          },
          {
            target: 'signedIn',
            actions: [{ type: 'storeSession', params: ({ context }) => context.session! }, 'goToDashboard'],
            meta: { description: 'Signed in' },
          },
        ],
        onError: { target: 'failed', meta: { description: 'Session refused' } },
      },
    },
    signedIn: {
      meta: { description: 'Signed in; the portal has moved on.' },
      type: 'final',
    },
    failed: {
      meta: { description: 'No usable session: forget it and ask the member to log in.' },
      entry: ['clearSession', 'goToLogin'],
      type: 'final',
    },
  },
});
