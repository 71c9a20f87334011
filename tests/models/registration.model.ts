import { registrationMachine } from '../../machines/auth/registration.machine';
import { emptyRegistration } from '../../machines/auth/registration.schema';
import type {
  RegisterOutcome,
  RegistrationEvent,
  RegistrationInput,
  SendCodeOutcome,
  VerifyCodeOutcome,
} from '../../machines/auth/registration.types';
import type { AppError } from '../../domain/app-error';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const goodValues = {
  ...emptyRegistration,
  name: 'New Member',
  email: 'new@example.com',
  password: 'Secret123',
  terms: true,
};
export const notVerified = { code: 'server', category: 'conflict', reason: 'NotVerified' } satisfies AppError;
export const wrongCode = { code: 'server', category: 'validation', reason: 'WrongCode' } satisfies AppError;
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
  'xstate.done.actor.register': [
    { type: 'xstate.done.actor.register', output: success(undefined) },
    { type: 'xstate.done.actor.register', output: failure(notVerified) },
    { type: 'xstate.done.actor.register', output: failure({ code: 'server', reason: 'ReferralLinkOnly' }) },
  ],
  'xstate.error.actor.register': [{ type: 'xstate.error.actor.register', error: emailTaken }],
  'xstate.done.actor.verifyCode': [
    { type: 'xstate.done.actor.verifyCode', output: success({ access_token: 'token', expires_in: 3600 }) },
    { type: 'xstate.done.actor.verifyCode', output: failure(wrongCode) },
  ],
  'xstate.error.actor.verifyCode': [{ type: 'xstate.error.actor.verifyCode', error: networkError }],
  'xstate.done.actor.sendCode': [
    { type: 'xstate.done.actor.sendCode', output: success(undefined) },
    { type: 'xstate.done.actor.sendCode', output: failure({ code: 'server', reason: 'TooManyAttempts', retryAfter: 30 }) },
  ],
  'xstate.error.actor.sendCode': [{ type: 'xstate.error.actor.sendCode', error: networkError }],
  'xstate.after.resendWait.registration.awaitingCode.resend.waiting': [
    { type: 'xstate.after.resendWait.registration.awaitingCode.resend.waiting' },
  ],
} satisfies {
  [K in RegistrationEvent['type']]: Extract<RegistrationEvent, { type: K }>[];
} & {
  'xstate.done.actor.register': DoneEvent<'register', RegisterOutcome>[];
  'xstate.error.actor.register': ErrorEvent<'register'>[];
  'xstate.done.actor.verifyCode': DoneEvent<'verifyCode', VerifyCodeOutcome>[];
  'xstate.error.actor.verifyCode': ErrorEvent<'verifyCode'>[];
  'xstate.done.actor.sendCode': DoneEvent<'sendCode', SendCodeOutcome>[];
  'xstate.error.actor.sendCode': ErrorEvent<'sendCode'>[];
  'xstate.after.resendWait.registration.awaitingCode.resend.waiting': { type: string }[];
};

const rules = { requireFirstLastName: false, requireTelegram: false, requireConfirmPassword: false };
const input = (overrides: Partial<RegistrationInput>): RegistrationInput => ({
  rules,
  referralOnly: false,
  sponsor: null,
  inDialog: false,
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
    { label: 'in the dialog', input: input({ inDialog: true }) },
    { label: 'in the dialog, referral link only', input: input({ inDialog: true, referralOnly: true }) },
  ],
  events: flattenFixtures(registrationFixtures),
  contextKeys: ['code'],
};
