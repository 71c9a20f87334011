import { useActorRef } from '@xstate/react';
import type { ActorOptions } from 'xstate';
import type { ssoSessionMachine } from '../../../machines/auth/sso-session.machine';

/** Runs the single sign-on session check while mounted (members of oauth2 tenants). Renders nothing. */
export function SsoSessionWatch({
  logic,
  options,
}: {
  logic: typeof ssoSessionMachine;
  options?: ActorOptions<typeof ssoSessionMachine>;
}) {
  useActorRef(logic, options);
  return null;
}
