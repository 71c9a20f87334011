import { twoFactorActivationMachine } from '../../machines/account/two-factor-activation.machine';
import type {
  ActivateOutcome,
  ActivationEvent,
  GenerateSecretOutcome,
  SendEmailCodeOutcome,
  TwoFaSecret,
} from '../../machines/account/two-factor-activation.types';
import type { AppError } from '../../domain/app-error';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const secret: TwoFaSecret = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  name: 'Demo Portal',
  email: 'demo@example.com',
  method: 'google2fa',
};
export const recoveryCodes = Array.from({ length: 10 }, (_, index) => `r${index}aaa-bbbbb`);
export const wrongCode = { code: 'validation', reason: 'TwoFaCodeError' } satisfies AppError;
export const attemptVoid = { code: 'server', category: 'conflict', reason: 'TwoFaNotStarted' } satisfies AppError;

export const activationFixtures = {
  'dialog.open': [{ type: 'dialog.open' }],
  'method.continue': [{ type: 'method.continue' }],
  'step.back': [{ type: 'step.back' }],
  'backup.toggle': [
    { type: 'backup.toggle', saved: true },
    { type: 'backup.toggle', saved: false },
  ],
  'step.continue': [{ type: 'step.continue' }],
  'emailCode.send': [{ type: 'emailCode.send' }],
  'emailCode.change': [{ type: 'emailCode.change', code: '123456' }],
  'authCode.change': [{ type: 'authCode.change', code: '654321' }],
  'activation.submit': [{ type: 'activation.submit' }],
  'recovery.saved': [
    { type: 'recovery.saved', saved: true },
    { type: 'recovery.saved', saved: false },
  ],
  'dialog.close': [{ type: 'dialog.close' }],
  'xstate.done.actor.generateSecret': [
    { type: 'xstate.done.actor.generateSecret', output: success(secret) },
    { type: 'xstate.done.actor.generateSecret', output: failure({ code: 'server', reason: 'TwoFaAlreadyOn' }) },
  ],
  'xstate.error.actor.generateSecret': [{ type: 'xstate.error.actor.generateSecret', error: networkError }],
  'xstate.done.actor.sendEmailCode': [
    { type: 'xstate.done.actor.sendEmailCode', output: success(undefined) },
    { type: 'xstate.done.actor.sendEmailCode', output: failure({ code: 'server', reason: 'TooManyAttempts', retryAfter: 20 }) },
    { type: 'xstate.done.actor.sendEmailCode', output: failure({ code: 'server', reason: 'TooManyAttempts' }) },
  ],
  'xstate.error.actor.sendEmailCode': [{ type: 'xstate.error.actor.sendEmailCode', error: networkError }],
  'xstate.done.actor.activate': [
    { type: 'xstate.done.actor.activate', output: success({ recoveryCodes }) },
    { type: 'xstate.done.actor.activate', output: failure(wrongCode) },
    { type: 'xstate.done.actor.activate', output: failure(attemptVoid) },
  ],
  'xstate.error.actor.activate': [{ type: 'xstate.error.actor.activate', error: networkError }],
  'xstate.after.twoFaResendWait.twoFactorActivation.open.enteringCodes.emailCode.sent': [
    { type: 'xstate.after.twoFaResendWait.twoFactorActivation.open.enteringCodes.emailCode.sent' },
  ],
  'xstate.after.serverWait.twoFactorActivation.open.enteringCodes.emailCode.heldBack': [{ type: 'xstate.after.serverWait.twoFactorActivation.open.enteringCodes.emailCode.heldBack' }],
} satisfies {
  [K in ActivationEvent['type']]: Extract<ActivationEvent, { type: K }>[];
} & {
  'xstate.done.actor.generateSecret': DoneEvent<'generateSecret', GenerateSecretOutcome>[];
  'xstate.error.actor.generateSecret': ErrorEvent<'generateSecret'>[];
  'xstate.done.actor.sendEmailCode': DoneEvent<'sendEmailCode', SendEmailCodeOutcome>[];
  'xstate.error.actor.sendEmailCode': ErrorEvent<'sendEmailCode'>[];
  'xstate.done.actor.activate': DoneEvent<'activate', ActivateOutcome>[];
  'xstate.error.actor.activate': ErrorEvent<'activate'>[];
  'xstate.after.twoFaResendWait.twoFactorActivation.open.enteringCodes.emailCode.sent': { type: string }[];
  'xstate.after.serverWait.twoFactorActivation.open.enteringCodes.emailCode.heldBack': { type: string }[];
};

export const activationModel: Model<typeof twoFactorActivationMachine> = {
  machine: twoFactorActivationMachine,
  inputs: [{ label: 'two-factor off', input: undefined as never }],
  events: flattenFixtures(activationFixtures),
  contextKeys: ['backupSaved', 'emailCode', 'authCode', 'recoverySaved'],
};
