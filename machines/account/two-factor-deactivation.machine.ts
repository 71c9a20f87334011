// Two-factor deactivation (spec §4; issue "Security" finding 7): like activation, turning two-factor off
// asks for both codes: the code mailed on request (its button waits 60 s after sending) and a code from the
// authenticator, or instead one of the recovery codes when the phone is lost. Every wrong try counts: after
// five the mailed code is void and a new one must be asked for. Success says so; when the dialog closes the
// member record is fetched again and the flow forgets the codes, so the next opening starts afresh.
import { and, assign, or, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf, type AppError } from '../../domain/app-error';
import { recoveryCodeField, sixDigitCode } from '../../domain/validation';
import { emailCodeDelays, emailCodeGuards, emailCodeRegion, noEmailCode, resendDeadline, serverWaitOf, type SendEmailCodeOutcome } from './email-code';
import type { DeactivateOutcome, DeactivationContext, DeactivationEvent } from './two-factor-deactivation.types';

/** A closed dialog's flow: no codes kept. */
const closedContext: DeactivationContext = {
  emailCode: '',
  authCode: '',
  useRecovery: false,
  recoveryCode: '',
  error: null,
  ...noEmailCode,
};

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
    forgetCodes: assign(() => closedContext),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    clearError: assign({ error: null }),
    startEmailCountdown: assign({ emailCodeDeadline: ({ self }) => resendDeadline(self) }),
    endEmailCountdown: assign({ emailCodeDeadline: null }),
    startServerCountdown: assign({
      emailCodeWait: ({ event }) => serverWaitOf(event),
      emailCodeDeadline: ({ event, self }) => resendDeadline(self, serverWaitOf(event)),
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
    /** Five wrong tries voided the mailed code: a new one is needed. */
    isEmailCodeVoid: ({ event }) => failureOf(event) === 'CodeExpired',
    ...emailCodeGuards,
  },
  delays: emailCodeDelays,
}).createMachine({
  id: 'twoFactorDeactivation',
  context: closedContext,
  initial: 'closed',
  states: {
    closed: {
      meta: { description: 'The dialog is closed; Turn off opens it.' },
      on: { 'dialog.open': { target: 'open', meta: { description: 'Member opens the dialog' } } },
    },
    open: {
      meta: { description: 'The dialog is open; closing it fetches the member record again and forgets the codes.' },
      exit: ['refreshMember', 'forgetCodes'],
      on: { 'dialog.close': { target: 'closed', meta: { description: 'Member closes' } } },
      initial: 'enteringCodes',
      states: {
        enteringCodes: {
          meta: { description: 'The member asks for the email code and types it with a code from the app (or a recovery code).' },
          type: 'parallel',
          states: {
            emailCode: emailCodeRegion,
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
                        actions: 'clearError',
                        meta: { description: 'Member enters the codes' },
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
                      { guard: 'succeeded', target: '#twoFactorDeactivation.open.deactivated', meta: { description: 'Two-factor off' } },
                      {
                        guard: 'isEmailCodeVoid',
                        target: 'editing',
                        meta: { description: 'Too many wrong tries: the mailed code is void; a new one must be asked for.' },
                        actions: ['assignError', assign({ emailCode: '', authCode: '', recoveryCode: '' })],
                      },
                      // A wrong code: the app's (or the recovery) code is cleared and the error shown.
                      {
                        target: 'editing',
                        actions: ['assignError', assign({ authCode: '', recoveryCode: '' })],
                        meta: { description: 'Code refused' },
                      },
                    ],
                    onError: { target: 'editing', actions: 'assignError', meta: { description: 'Call failed' } },
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
      },
    },
  },
});
