import { twoFactorDeactivationMachine } from '../../machines/account/two-factor-deactivation.machine';
import type { DeactivateOutcome, DeactivationEvent, SendEmailCodeOutcome } from '../../machines/account/two-factor-deactivation.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { wrongCode } from './two-factor-activation.model';

export const deactivationFixtures = {
  'dialog.open': [{ type: 'dialog.open' }],
  'emailCode.send': [{ type: 'emailCode.send' }],
  'emailCode.change': [{ type: 'emailCode.change', code: '123456' }],
  'authCode.change': [{ type: 'authCode.change', code: '654321' }],
  'recovery.toggle': [
    { type: 'recovery.toggle', use: true },
    { type: 'recovery.toggle', use: false },
  ],
  'recovery.change': [{ type: 'recovery.change', code: '7k2mq-x9b4d' }],
  'deactivation.submit': [{ type: 'deactivation.submit' }],
  'dialog.close': [{ type: 'dialog.close' }],
  'xstate.done.actor.sendEmailCode': [
    { type: 'xstate.done.actor.sendEmailCode', output: success(undefined) },
    { type: 'xstate.done.actor.sendEmailCode', output: failure({ code: 'server', reason: 'TooManyAttempts', retryAfter: 20 }) },
    { type: 'xstate.done.actor.sendEmailCode', output: failure({ code: 'server', reason: 'TooManyAttempts' }) },
  ],
  'xstate.error.actor.sendEmailCode': [{ type: 'xstate.error.actor.sendEmailCode', error: networkError }],
  'xstate.done.actor.deactivate': [
    { type: 'xstate.done.actor.deactivate', output: success(undefined) },
    { type: 'xstate.done.actor.deactivate', output: failure(wrongCode) },
    { type: 'xstate.done.actor.deactivate', output: failure({ code: 'validation', reason: 'CodeExpired' }) },
  ],
  'xstate.error.actor.deactivate': [{ type: 'xstate.error.actor.deactivate', error: networkError }],
  'xstate.after.twoFaResendWait.twoFactorDeactivation.open.enteringCodes.emailCode.sent': [
    { type: 'xstate.after.twoFaResendWait.twoFactorDeactivation.open.enteringCodes.emailCode.sent' },
  ],
  'xstate.after.serverWait.twoFactorDeactivation.open.enteringCodes.emailCode.heldBack': [{ type: 'xstate.after.serverWait.twoFactorDeactivation.open.enteringCodes.emailCode.heldBack' }],
} satisfies { [K in DeactivationEvent['type']]: Extract<DeactivationEvent, { type: K }>[] } & {
  'xstate.done.actor.sendEmailCode': DoneEvent<'sendEmailCode', SendEmailCodeOutcome>[];
  'xstate.error.actor.sendEmailCode': ErrorEvent<'sendEmailCode'>[];
  'xstate.done.actor.deactivate': DoneEvent<'deactivate', DeactivateOutcome>[];
  'xstate.error.actor.deactivate': ErrorEvent<'deactivate'>[];
  'xstate.after.twoFaResendWait.twoFactorDeactivation.open.enteringCodes.emailCode.sent': { type: string }[];
  'xstate.after.serverWait.twoFactorDeactivation.open.enteringCodes.emailCode.heldBack': { type: string }[];
};

export const deactivationModel: Model<typeof twoFactorDeactivationMachine> = {
  machine: twoFactorDeactivationMachine,
  inputs: [{ label: 'two-factor on', input: undefined as never }],
  events: flattenFixtures(deactivationFixtures),
  contextKey: (context) => [context.emailCode !== '', context.authCode !== '', context.useRecovery, context.recoveryCode !== ''],
  cover: 'transitions',
};
