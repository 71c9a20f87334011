// Effects of the auth area's handed-over sessions (spec §2, §4): autologin, OAuth login and the single
// sign-on session check, and the providers that mount them.
import { createElement, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { autologinMachine } from '../../../machines/auth/autologin.machine';
import { oauthLoginMachine } from '../../../machines/auth/oauth-login.machine';
import { ssoSessionMachine } from '../../../machines/auth/sso-session.machine';
import { api, createApi, graphqlEndpoint } from '../../api/client';
import { oauthLoginMutation } from '../../api/auth';
import type { OAuthLoginInput } from '../../../machines/auth/oauth-login.types';
import { AutologinContext, OAuthLoginContext, SsoSessionContext } from '../../features/auth/auth-sso.contexts';
import { navigate } from '../router/navigation';
import { checkSsoSession, goToAuthorization, redirectUri, takeReturnedState } from '../sso';
import { flowProvider } from './provide';
import { afterLoginInput, clearSession, goToDashboard, goToProducts, outcome, perTenant, storeSession } from './shared';

export const createAutologinLogic = perTenant(() =>
  autologinMachine.provide({
    actors: {
      checkSession: fromPromise(async ({ input }) => {
        // The account area's API loads here rather than with every auth page.
        const { meQuery } = await import('../../api/account');
        const { me } = await createApi(graphqlEndpoint, () => input.access_token).request(meQuery);
        if (!me) throw new Error('The handed-over session belongs to nobody');
      }),
    },
    actions: {
      storeSession,
      clearSession,
      goToProducts,
      goToDashboard,
      goToLogin: () => void navigate({ to: '/login', search: { s: 'expired' }, replace: true }),
    },
  }),
);

export const createOAuthLoginLogic = perTenant((tenant) =>
  oauthLoginMachine.provide({
    actors: {
      exchangeCode: fromPromise(({ input }) =>
        outcome(['InvalidOAuthCode'], async () => {
          const { oauthLogin } = await api.request(oauthLoginMutation, {
            whitelabel_uuid: tenant.uuid,
            code: input.code,
            redirect_uri: redirectUri(tenant),
          });
          return oauthLogin;
        }),
      ),
    },
    actions: {
      goToAuthorization: () => goToAuthorization(tenant),
      storeSession,
      clearSession,
      goToDashboard,
    },
  }),
);

export const createSsoSessionLogic = perTenant((tenant) =>
  ssoSessionMachine.provide({
    actors: { checkSession: fromPromise(() => checkSsoSession(tenant)) },
    actions: {
      goToSignedOut: () => void navigate({ to: '/oauthlogin', search: { s: 'logout' }, replace: true }),
    },
  }),
);

/** The OAuth login page's search: signed out (s=logout), or the authorisation page's answer. */
export interface OAuthLoginSearch {
  s?: 'logout';
  code?: string;
  state?: string;
  error?: string;
}

/** The return from the authorisation page; its state is compared once with the one this tab sent, and forgotten. */
const oauthLoginInput = (search: OAuthLoginSearch): OAuthLoginInput => ({
  code: search.code ?? null,
  stateMatches: search.code ? takeReturnedState(search.state ?? null) : false,
  failedUpstream: search.error !== undefined,
  signedOut: search.s === 'logout',
});

/** Reads #access_token=...&expires_in=... once and takes it out of the address bar and history. */
function takeHandedOverSession() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  window.history.replaceState(window.history.state, '', window.location.pathname);
  const accessToken = fragment.get('access_token');
  const expiresIn = Number(fragment.get('expires_in'));
  return accessToken && Number.isFinite(expiresIn) && expiresIn > 0 ? { access_token: accessToken, expires_in: expiresIn } : null;
}

const OAuthLoginFlow = flowProvider(OAuthLoginContext, ({ input }: { input: OAuthLoginInput }, tenant) => ({
  logic: createOAuthLoginLogic(tenant),
  input,
}));

/** The OAuth login page's flow, on the search it was opened with (read once: the returned state is forgotten). */
export function OAuthLoginProvider({ search, children }: { search: OAuthLoginSearch; children?: ReactNode }) {
  const [input] = useState(() => oauthLoginInput(search));
  return createElement(OAuthLoginFlow, { input, children });
}

const AutologinFlow = flowProvider(
  AutologinContext,
  ({ session }: { session: ReturnType<typeof takeHandedOverSession> }, tenant) => ({
    logic: createAutologinLogic(tenant),
    input: { session, ...afterLoginInput(tenant) },
  }),
);

/** The autologin page's flow: the handed-over session is read once, and leaves the address bar at once. */
export function AutologinProvider({ children }: { children?: ReactNode }) {
  const [session] = useState(takeHandedOverSession);
  return createElement(AutologinFlow, { session, children });
}

/** The single sign-on session check, while the member layout of an oauth2 tenant shows; it draws nothing. */
export const SsoSessionProvider = flowProvider(SsoSessionContext, (_props: object, tenant) => ({
  logic: createSsoSessionLogic(tenant),
}));
