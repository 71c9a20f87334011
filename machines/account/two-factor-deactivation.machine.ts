// Two-factor deactivation (spec §4; issue "Security" finding 7): like activation, turning two-factor off
// asks for both codes: the code mailed on request (its button waits 60 s after sending) and a code from the
// authenticator, or instead one of the recovery codes when the phone is lost. Every wrong try counts: after
// five the mailed code is void and a new one must be asked for. Success says so; when the dialog closes the
// member record is fetched again.
import { and, assign, or, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf, type AppError } from '../../domain/app-error';
import { clockNow } from '../shared/clock';
import { twoFaResendWait } from '../../domain/timing';
import { recoveryCodeField, sixDigitCode } from '../../domain/validation';
import type {
  DeactivateOutcome,
  DeactivationContext,
  DeactivationEvent,
  SendEmailCodeOutcome,
} from './two-factor-deactivation.types';

export const twoFactorDeactivationMachine = setup({
  types: {
    context: {} as DeactivationContext,
    events: {} as DeactivationEvent,
  },
  actors: {
    sendEmailCode: notProvidedActor<SendEmailCodeOutcome>('sendEmailCode'),
    deactivate: notProvidedActor<DeactivateOutcome, { emailCode: string; authCode: string | null; recoveryCode: string | null }>(
      'deactivate',
    ),
  },
  actions: {
    refreshMember: notProvidedAction('refreshMember'),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    startEmailCountdown: assign({ emailCodeDeadline: ({ self }) => clockNow(self) + twoFaResendWait }),
    endEmailCountdown: assign({ emailCodeDeadline: null }),
    /** The server refused to send again so soon: the button counts down the wait it named. */
    startServerCountdown: assign({
      emailCodeWait: ({ event }) => (errorOf(event)?.retryAfter ?? 0) * 1000,
      emailCodeDeadline: ({ event, self }) => clockNow(self) + (errorOf(event)?.retryAfter ?? 0) * 1000,
    }),
  },
  guards: {
    hasEmailCode: ({ context }) => v.is(sixDigitCode, context.emailCode),
    hasAuthCode: ({ context }) => !context.useRecovery && v.is(sixDigitCode, context.authCode),
    hasRecoveryCode: ({ context }) => context.useRecovery && v.is(recoveryCodeField, context.recoveryCode),
    showsAppCode: ({ context }) => !context.useRecovery,
    showsRecoveryCode: ({ context }) => context.useRecovery,
    switchesField: ({ context, event }) => event.type === 'recovery.toggle' && event.use !== context.useRecovery,
    succeeded: ({ event }) => failureOf(event) === null,
    isHeldBack: ({ event }) => (errorOf(event)?.retryAfter ?? 0) > 0,
    /** Five wrong tries voided the mailed code: a new one is needed. */
    isEmailCodeVoid: ({ event }) => failureOf(event) === 'CodeExpired',
  },
  delays: { twoFaResendWait, serverWait: ({ context }) => context.emailCodeWait },
}).createMachine({
  id: 'twoFactorDeactivation',
  context: {
    emailCode: '',
    authCode: '',
    useRecovery: false,
    recoveryCode: '',
    error: null,
    emailCodeDeadline: null,
    emailCodeWait: 0,
  },
  initial: 'enteringCodes',
  on: { 'dialog.close': '.closed' },
  states: {
    enteringCodes: {
      meta: { description: 'The member asks for the email code and types it with a code from the app (or a recovery code).' },
      type: 'parallel',
      states: {
        emailCode: {
          initial: 'notSent',
          states: {
            notSent: {
              meta: { description: 'The email code can be sent.' },
              on: { 'emailCode.send': 'sending' },
            },
            sending: {
              meta: { description: 'The server mails a 6-digit code.' },
              tags: ['sendingEmailCode'],
              invoke: {
                id: 'sendEmailCode',
                src: 'sendEmailCode',
                onDone: [
                  { guard: 'succeeded', target: 'sent', actions: assign({ error: null }) },
                  { guard: 'isHeldBack', target: 'heldBack', actions: ['assignError', 'startServerCountdown'] },
                  { target: 'notSent', actions: 'assignError' },
                ],
                onError: { target: 'notSent', actions: 'assignError' },
              },
            },
            sent: {
              meta: { description: 'Sent: the button waits 60 s before it can send again.' },
              entry: 'startEmailCountdown',
              exit: 'endEmailCountdown',
              after: { twoFaResendWait: 'notSent' },
            },
            heldBack: {
              meta: { description: 'A code went out moments ago: the button waits as long as the server says.' },
              exit: 'endEmailCountdown',
              after: { serverWait: 'notSent' },
            },
          },
        },
        form: {
          initial: 'editing',
          states: {
            editing: {
              meta: { description: 'The member types the codes.' },
              on: {
                'emailCode.change': { actions: assign({ emailCode: ({ event }) => event.code }) },
                // Only the field on screen sends: the app's code, or the recovery code once the member switched.
                'authCode.change': { guard: 'showsAppCode', actions: assign({ authCode: ({ event }) => event.code }) },
                'recovery.toggle': {
                  guard: 'switchesField',
                  actions: assign({ useRecovery: ({ event }) => event.use, authCode: '', recoveryCode: '', error: null }),
                },
                'recovery.change': { guard: 'showsRecoveryCode', actions: assign({ recoveryCode: ({ event }) => event.code }) },
                'deactivation.submit': [
                  {
                    guard: and(['hasEmailCode', or(['hasAuthCode', 'hasRecoveryCode'])]),
                    target: 'deactivating',
                    actions: assign({ error: null }),
                  },
                  { actions: assign({ error: { code: 'invalidCode' } satisfies AppError }) },
                ],
              },
            },
            deactivating: {
              meta: { description: 'The server checks both codes and turns two-factor off.' },
              tags: ['busy'],
              invoke: {
                id: 'deactivate',
                src: 'deactivate',
                input: ({ context }) => ({
                  emailCode: context.emailCode,
                  authCode: context.useRecovery ? null : context.authCode,
                  recoveryCode: context.useRecovery ? context.recoveryCode.trim() : null,
                }),
                onDone: [
                  { guard: 'succeeded', target: '#twoFactorDeactivation.deactivated' },
                  {
                    guard: 'isEmailCodeVoid',
                    target: 'editing',
                    meta: { description: 'Too many wrong tries: the mailed code is void; a new one must be asked for.' },
                    actions: ['assignError', assign({ emailCode: '', authCode: '', recoveryCode: '' })],
                  },
                  // A wrong code: the app's (or the recovery) code is cleared and the error shown.
                  { target: 'editing', actions: ['assignError', assign({ authCode: '', recoveryCode: '' })] },
                ],
                onError: { target: 'editing', actions: 'assignError' },
              },
            },
          },
        },
      },
    },
    deactivated: {
      meta: { description: 'Two-factor authentication is off; a message says so.' },
      tags: ['success'],
    },
    closed: {
      meta: { description: 'The dialog is closed; the member record is fetched again.' },
      entry: 'refreshMember',
      type: 'final',
    },
  },
});
