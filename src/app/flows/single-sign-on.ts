// Effects of single sign-on: the OAuth login page and the session check.
import { fromPromise } from 'xstate';
import { oauthLoginMachine } from '../../../machines/oauth-login/oauth-login.machine';
import { ssoSessionMachine } from '../../../machines/sso-session/sso-session.machine';
import { api } from '../../api/client';
import { oauthLoginMutation } from '../../api/session';
import { router } from '../router';
import { checkSsoSession, goToAuthorization, redirectUri } from '../sso';
import { clearSession, goToDashboard, perTenant, storeSession } from './common';

export const oauthLoginLogic = perTenant((tenant) =>
  oauthLoginMachine.provide({
    actors: {
      exchangeCode: fromPromise(async ({ input }) => {
        const { oauthLogin } = await api.request(oauthLoginMutation, {
          whitelabel_uuid: tenant.uuid,
          code: input.code,
          redirect_uri: redirectUri(tenant),
        });
        return oauthLogin;
      }),
    },
    actions: {
      goToAuthorization: () => goToAuthorization(tenant),
      storeSession,
      clearSession,
      goToDashboard,
    },
  }),
);

export const ssoSessionLogic = perTenant((tenant) =>
  ssoSessionMachine.provide({
    actors: { checkSession: fromPromise(() => checkSsoSession(tenant)) },
    actions: {
      goToSignedOut: () => void router.navigate({ to: '/oauthlogin', search: { s: 'logout' }, replace: true }),
    },
  }),
);
