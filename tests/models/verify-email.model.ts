import { verifyEmailMachine } from '../../machines/auth/verify-email.machine';
import type { VerifyLinkOutcome } from '../../machines/auth/verify-email.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const session = { access_token: 'token', expires_in: 3600 };

export const verifyEmailFixtures = {
  'xstate.done.actor.verifyLink': [
    { type: 'xstate.done.actor.verifyLink', output: success(session) },
    { type: 'xstate.done.actor.verifyLink', output: failure({ code: 'server', reason: 'InvalidLink' }) },
  ],
  'xstate.error.actor.verifyLink': [{ type: 'xstate.error.actor.verifyLink', error: networkError }],
} satisfies {
  'xstate.done.actor.verifyLink': DoneEvent<'verifyLink', VerifyLinkOutcome>[];
  'xstate.error.actor.verifyLink': ErrorEvent<'verifyLink'>[];
};

export const verifyEmailModel: Model<typeof verifyEmailMachine> = {
  machine: verifyEmailMachine,
  inputs: [{ label: 'link', input: { token: 'link-token-from-the-email', email: 'new@example.com' } }],
  events: flattenFixtures(verifyEmailFixtures),
};
