import { newPasswordMachine } from '../../machines/auth/new-password.machine';
import type { NewPasswordEvent, SetPasswordOutcome } from '../../machines/auth/new-password.types';
import type { AppError } from '../../domain/app-error';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const invalidLink = { code: 'validation', reason: 'InvalidLink' } satisfies AppError;

export const newPasswordFixtures = {
  'password.submit': [
    { type: 'password.submit', password: 'Changed123', confirmation: 'Changed123' },
    { type: 'password.submit', password: 'Changed123', confirmation: 'Changed124' },
  ],
  'xstate.done.actor.setPassword': [
    { type: 'xstate.done.actor.setPassword', output: success(undefined) },
    { type: 'xstate.done.actor.setPassword', output: failure(invalidLink) },
  ],
  'xstate.error.actor.setPassword': [{ type: 'xstate.error.actor.setPassword', error: networkError }],
} satisfies {
  [K in NewPasswordEvent['type']]: Extract<NewPasswordEvent, { type: K }>[];
} & {
  'xstate.done.actor.setPassword': DoneEvent<'setPassword', SetPasswordOutcome>[];
  'xstate.error.actor.setPassword': ErrorEvent<'setPassword'>[];
};

export const newPasswordModel: Model<typeof newPasswordMachine> = {
  machine: newPasswordMachine,
  inputs: [{ label: 'link', input: { token: 'link-token-from-the-email', email: 'demo@example.com' } }],
  events: flattenFixtures(newPasswordFixtures),
};
