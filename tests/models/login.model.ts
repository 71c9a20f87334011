import { loginMachine } from '../../machines/login/login.machine';
import type { LoginAnswer, LoginEvent } from '../../machines/login/login.types';
import type { AppError } from '../../machines/shared/app-error';
import { flattenFixtures, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const loginFixtures = {
  'credentials.submit': [
    { type: 'credentials.submit', email: 'demo@example.com', password: 'Demo12345' },
    { type: 'credentials.submit', email: 'not-an-email', password: '' },
  ],
  'xstate.done.actor.signIn': [{ type: 'xstate.done.actor.signIn', output: { access_token: 'token', expires_in: 3600 } }],
  'xstate.error.actor.signIn': [
    { type: 'xstate.error.actor.signIn', error: { code: 'invalidLogin', category: 'authentication' } satisfies AppError },
  ],
} satisfies {
  [K in LoginEvent['type']]: Extract<LoginEvent, { type: K }>[];
} & {
  'xstate.done.actor.signIn': DoneEvent<'signIn', LoginAnswer>[];
  'xstate.error.actor.signIn': ErrorEvent<'signIn'>[];
};

export const loginModel: Model<typeof loginMachine> = {
  machine: loginMachine,
  inputs: [
    { label: 'purchase-link products stored', input: { productsModuleOn: true, hasStoredProducts: true } },
    { label: 'no purchase-link products', input: { productsModuleOn: true, hasStoredProducts: false } },
  ],
  events: flattenFixtures(loginFixtures),
  contextKeys: ['error'],
};
