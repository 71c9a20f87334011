// What the single sign-on page reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { oauthLoginMachine } from './oauth-login.machine';

type OAuthLoginSnapshot = SnapshotFrom<typeof oauthLoginMachine>;

export const selectScreen = (s: OAuthLoginSnapshot): 'signedOut' | 'failed' | 'busy' =>
  s.matches('signedOut') ? 'signedOut' : s.matches('failed') ? 'failed' : 'busy';
