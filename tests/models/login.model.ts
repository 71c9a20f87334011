import { loginMachine } from '../../machines/auth/login.machine';
import type { LoginEvent, SignInOutcome } from '../../machines/auth/login.types';
import type { AppError } from '../../domain/app-error';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const twoFaRequired = { code: 'authentication', category: 'authentication', reason: 'TwoFaError' } satisfies AppError;
export const wrongCode = { code: 'authentication', category: 'authentication', reason: 'TwoFaCodeError' } satisfies AppError;
export const invalidLogin = { code: 'invalidLogin', category: 'authentication', reason: 'InvalidLogin' } satisfies AppError;

export const loginFixtures = {
  'credentials.submit': [
    { type: 'credentials.submit', username: 'demo@example.com', password: 'Demo12345' },
    { type: 'credentials.submit', username: 'not-an-email', password: '' },
  ],
  'code.change': [
    { type: 'code.change', code: '123' },
    { type: 'code.change', code: '123456' },
    { type: 'code.change', code: '7k2mq-x9b4d' },
  ],
  'code.submit': [{ type: 'code.submit' }],
  'code.cancel': [{ type: 'code.cancel' }],
  'recovery.use': [{ type: 'recovery.use' }],
  'recovery.cancel': [{ type: 'recovery.cancel' }],
  'xstate.done.actor.signIn': [
    { type: 'xstate.done.actor.signIn', output: success({ access_token: 'token', expires_in: 3600 }) },
    { type: 'xstate.done.actor.signIn', output: failure(twoFaRequired) },
    { type: 'xstate.done.actor.signIn', output: failure(wrongCode) },
    { type: 'xstate.done.actor.signIn', output: failure(invalidLogin) },
  ],
  'xstate.error.actor.signIn': [{ type: 'xstate.error.actor.signIn', error: networkError }],
  'xstate.after.loginCodeReset.login.twoFactor': [{ type: 'xstate.after.loginCodeReset.login.twoFactor' }],
} satisfies {
  [K in LoginEvent['type']]: Extract<LoginEvent, { type: K }>[];
} & {
  'xstate.done.actor.signIn': DoneEvent<'signIn', SignInOutcome>[];
  'xstate.error.actor.signIn': ErrorEvent<'signIn'>[];
  'xstate.after.loginCodeReset.login.twoFactor': { type: 'xstate.after.loginCodeReset.login.twoFactor' }[];
};

export const loginModel: Model<typeof loginMachine> = {
  machine: loginMachine,
  inputs: [
    { label: 'products link stored', input: { method: 'email', productsModuleOn: true, hasStoredProducts: true, inDialog: false } },
    { label: 'email', input: { method: 'email', productsModuleOn: true, hasStoredProducts: false, inDialog: false } },
    { label: 'in a dialog', input: { method: 'email', productsModuleOn: true, hasStoredProducts: true, inDialog: true } },
  ],
  events: flattenFixtures(loginFixtures),
  contextKeys: ['code'],
  cover: 'transitions',
};
