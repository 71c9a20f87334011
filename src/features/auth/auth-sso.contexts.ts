// The OAuth login flow's actor context (see auth.contexts.ts).
import { createActorContext } from '@xstate/react';
import { oauthLoginMachine } from '../../../machines/auth/oauth-login.machine';

export const OAuthLoginContext = createActorContext(oauthLoginMachine);
