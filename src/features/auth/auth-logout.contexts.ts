// The logout flow's actor context (see auth.contexts.ts). Nothing reads it but its provider: the logout page
// only says it is signing out.
import { createActorContext } from '@xstate/react';
import { logoutMachine } from '../../../machines/auth/logout.machine';

export const LogoutContext = createActorContext(logoutMachine);
