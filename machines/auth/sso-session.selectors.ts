// What a view may read of the single sign-on session check (it shows nothing while the session lives).
import type { SnapshotFrom } from 'xstate';
import type { ssoSessionMachine } from './sso-session.machine';

type SsoSessionSnapshot = SnapshotFrom<typeof ssoSessionMachine>;

export const selectEnded = (s: SsoSessionSnapshot) => s.matches('ended');
