import { logoutMachine } from '../../machines/auth/logout.machine';
import type { LogoutInput } from '../../machines/auth/logout.types';
import { flattenFixtures, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const logoutFixtures = {
  'xstate.done.actor.signOut': [{ type: 'xstate.done.actor.signOut', output: undefined }],
  'xstate.error.actor.signOut': [{ type: 'xstate.error.actor.signOut', error: { code: 'authentication' } }],
} satisfies {
  'xstate.done.actor.signOut': DoneEvent<'signOut', void>[];
  'xstate.error.actor.signOut': ErrorEvent<'signOut'>[];
};

const variant = (reason: LogoutInput['reason'], oauth: boolean) => ({
  label: `${reason}${oauth ? ', single sign-on' : ''}`,
  input: { reason, oauth },
});

export const logoutModel: Model<typeof logoutMachine> = {
  machine: logoutMachine,
  inputs: [variant('expired', false), variant('logout', false), variant('logout', true)],
  events: flattenFixtures(logoutFixtures),
};
