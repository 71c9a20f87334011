import { useActorRef } from '@xstate/react';
import type { ssoSessionMachine } from '../../../machines/sso-session/sso-session.machine';

/** Runs the single sign-on session check while mounted (members of oauth2 tenants). Renders nothing. */
export function SsoSessionWatch({ logic }: { logic: typeof ssoSessionMachine }) {
  useActorRef(logic);
  return null;
}
