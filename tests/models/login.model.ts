import { loginMachine } from '../../machines/login/login.machine';
import type { LoginAnswer, LoginEvent } from '../../machines/login/login.types';
import type { AppError } from '../../machines/shared/app-error';
import { flattenFixtures, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const twoFaRequired: AppError = { code: 'authentication', category: 'authentication', reason: 'TwoFaError' };
export const wrongCode: AppError = { code: 'authentication', category: 'authentication', reason: 'TwoFaCodeError' };
export const invalidLogin: AppError = { code: 'invalidLogin', category: 'authentication', reason: 'InvalidLogin' };

export const loginFixtures = {
  'credentials.submit': [
    { type: 'credentials.submit', username: 'demo@example.com', password: 'Demo12345' },
    { type: 'credentials.submit', username: 'not-an-email', password: '' },
  ],
  'code.change': [
    { type: 'code.change', code: '123' },
    { type: 'code.change', code: '123456' },
  ],
  'code.submit': [{ type: 'code.submit' }],
  'code.cancel': [{ type: 'code.cancel' }],
  'xstate.done.actor.signIn': [{ type: 'xstate.done.actor.signIn', output: { access_token: 'token', expires_in: 3600 } }],
  'xstate.error.actor.signIn': [
    { type: 'xstate.error.actor.signIn', error: twoFaRequired },
    { type: 'xstate.error.actor.signIn', error: wrongCode },
    { type: 'xstate.error.actor.signIn', error: invalidLogin },
  ],
  'xstate.after.loginCodeReset.login.twoFactor': [{ type: 'xstate.after.loginCodeReset.login.twoFactor' }],
} satisfies {
  [K in LoginEvent['type']]: Extract<LoginEvent, { type: K }>[];
} & {
  'xstate.done.actor.signIn': DoneEvent<'signIn', LoginAnswer>[];
  'xstate.error.actor.signIn': ErrorEvent<'signIn'>[];
  'xstate.after.loginCodeReset.login.twoFactor': { type: 'xstate.after.loginCodeReset.login.twoFactor' }[];
};

export const loginModel: Model<typeof loginMachine> = {
  machine: loginMachine,
  inputs: [
    { label: 'products link stored', input: { method: 'email', productsModuleOn: true, hasStoredProducts: true } },
    { label: 'email', input: { method: 'email', productsModuleOn: true, hasStoredProducts: false } },
  ],
  events: flattenFixtures(loginFixtures),
  contextKeys: ['code'],
};
