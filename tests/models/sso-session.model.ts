import { ssoSessionMachine } from '../../machines/auth/sso-session.machine';
import type { SsoCheckResult } from '../../machines/auth/sso-session.types';
import { flattenFixtures, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const ssoSessionFixtures = {
  'xstate.after.ssoFirstCheck.ssoSession.starting': [{ type: 'xstate.after.ssoFirstCheck.ssoSession.starting' }],
  'xstate.after.ssoCheckInterval.ssoSession.active': [{ type: 'xstate.after.ssoCheckInterval.ssoSession.active' }],
  'xstate.done.actor.checkSession': [
    { type: 'xstate.done.actor.checkSession', output: 'active' },
    { type: 'xstate.done.actor.checkSession', output: 'login_required' },
  ],
  'xstate.error.actor.checkSession': [{ type: 'xstate.error.actor.checkSession', error: new Error('no answer') }],
} satisfies {
  'xstate.after.ssoFirstCheck.ssoSession.starting': { type: string }[];
  'xstate.after.ssoCheckInterval.ssoSession.active': { type: string }[];
  'xstate.done.actor.checkSession': DoneEvent<'checkSession', SsoCheckResult>[];
  'xstate.error.actor.checkSession': ErrorEvent<'checkSession'>[];
};

export const ssoSessionModel: Model<typeof ssoSessionMachine> = {
  machine: ssoSessionMachine,
  inputs: [{ label: 'signed in', input: undefined as never }],
  events: flattenFixtures(ssoSessionFixtures),
};
