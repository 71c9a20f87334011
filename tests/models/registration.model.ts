import { registrationMachine } from '../../machines/registration/registration.machine';
import { emptyRegistration } from '../../machines/registration/registration.schema';
import type { RegistrationEvent, RegistrationInput, VerifyAnswer } from '../../machines/registration/registration.types';
import type { AppError } from '../../machines/shared/app-error';
import { flattenFixtures, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const goodValues = { ...emptyRegistration, name: 'New Member', email: 'new@example.com', password: 'Secret123', terms: true };
export const notVerified: AppError = { code: 'server', category: 'conflict', reason: 'NotVerified' };
export const emailTaken: AppError = { code: 'validation', category: 'validation', fieldCodes: { email: ['emailTaken'] } };

export const registrationFixtures = {
  'registration.submit': [
    { type: 'registration.submit', values: goodValues },
    { type: 'registration.submit', values: { ...goodValues, password: 'secret123' } },
  ],
  'registration.edit': [{ type: 'registration.edit' }],
  'code.change': [
    { type: 'code.change', code: '12' },
    { type: 'code.change', code: '123456' },
  ],
  'code.submit': [{ type: 'code.submit' }],
  'code.resend': [{ type: 'code.resend' }],
  'login.choose': [{ type: 'login.choose' }],
  'xstate.done.actor.register': [{ type: 'xstate.done.actor.register', output: undefined }],
  'xstate.error.actor.register': [
    { type: 'xstate.error.actor.register', error: notVerified },
    { type: 'xstate.error.actor.register', error: emailTaken },
  ],
  'xstate.done.actor.verifyCode': [
    { type: 'xstate.done.actor.verifyCode', output: { access_token: 'token', expires_in: 3600 } },
    { type: 'xstate.done.actor.verifyCode', output: null },
  ],
  'xstate.error.actor.verifyCode': [{ type: 'xstate.error.actor.verifyCode', error: { code: 'network' } }],
  'xstate.done.actor.sendCode': [{ type: 'xstate.done.actor.sendCode', output: undefined }],
  'xstate.error.actor.sendCode': [{ type: 'xstate.error.actor.sendCode', error: { code: 'network' } }],
  'xstate.after.resendWait.registration.awaitingCode.resend.waiting': [
    { type: 'xstate.after.resendWait.registration.awaitingCode.resend.waiting' },
  ],
} satisfies {
  [K in RegistrationEvent['type']]: Extract<RegistrationEvent, { type: K }>[];
} & {
  'xstate.done.actor.register': DoneEvent<'register', void>[];
  'xstate.error.actor.register': ErrorEvent<'register'>[];
  'xstate.done.actor.verifyCode': DoneEvent<'verifyCode', VerifyAnswer | null>[];
  'xstate.error.actor.verifyCode': ErrorEvent<'verifyCode'>[];
  'xstate.done.actor.sendCode': DoneEvent<'sendCode', void>[];
  'xstate.error.actor.sendCode': ErrorEvent<'sendCode'>[];
  'xstate.after.resendWait.registration.awaitingCode.resend.waiting': { type: string }[];
};

const rules = { requireFirstLastName: false, requireTelegram: false, requireConfirmPassword: false };
const input = (overrides: Partial<RegistrationInput>): RegistrationInput => ({
  rules,
  referralOnly: false,
  hasSponsor: false,
  productsModuleOn: true,
  hasStoredProducts: false,
  ...overrides,
});

export const registrationModel: Model<typeof registrationMachine> = {
  machine: registrationMachine,
  inputs: [
    { label: 'open registration', input: input({}) },
    { label: 'products link stored', input: input({ hasStoredProducts: true }) },
    { label: 'referral link only, none given', input: input({ referralOnly: true }) },
  ],
  events: flattenFixtures(registrationFixtures),
  contextKeys: ['code'],
};
