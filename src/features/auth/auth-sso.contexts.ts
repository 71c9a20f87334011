// The handed-over sessions' actor contexts (see auth.contexts.ts): the OAuth login page, the autologin page
// (nothing reads it but its provider: the page only says it is signing in) and the single sign-on session
// check of the member layout (it draws nothing).
import { createActorContext } from '@xstate/react';
import { autologinMachine } from '../../../machines/auth/autologin.machine';
import { oauthLoginMachine } from '../../../machines/auth/oauth-login.machine';
import { ssoSessionMachine } from '../../../machines/auth/sso-session.machine';

export const OAuthLoginContext = createActorContext(oauthLoginMachine);
export const AutologinContext = createActorContext(autologinMachine);
export const SsoSessionContext = createActorContext(ssoSessionMachine);
