// Two-factor activation (spec §4 "Two-factor activation"): step 1 choose the method (only Google
// Authenticator) and continue, which generates a fresh secret; step 2 the QR code and the secret, with
// the backup confirmation required; step 3 the email code (its button waits 60 s after sending) and a
// code from the authenticator; success says so and shows the 10 one-time recovery codes (for a lost phone),
// which must be confirmed as saved before the dialog closes. Back goes 3 → 2 and 2 → 1. When the dialog closes the
// member record is fetched again.
import { assign, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf, valueOf, type AppError } from '../../domain/app-error';
import { clockNow } from '../shared/clock';
import { sixDigitCode } from '../../domain/validation';
import { twoFaResendWait } from '../../domain/timing';
import type {
  ActivateOutcome,
  ActivationContext,
  ActivationEvent,
  GenerateSecretOutcome,
  SendEmailCodeOutcome,
} from './two-factor-activation.types';

const isSixDigits = (code: string) => v.is(sixDigitCode, code);

export const twoFactorActivationMachine = setup({
  types: {
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
  },
  actors: {
    generateSecret: notProvidedActor<GenerateSecretOutcome>('generateSecret'),
    sendEmailCode: notProvidedActor<SendEmailCodeOutcome>('sendEmailCode'),
    activate: notProvidedActor<ActivateOutcome, { emailCode: string; authCode: string }>('activate'),
  },
  actions: {
    /** Fetches the member again, so the new two-factor status shows. */
    refreshMember: notProvidedAction('refreshMember'),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    /** The email-code button waits 60 s from now; the view shows the time left until this deadline. */
    startEmailCountdown: assign({ emailCodeDeadline: ({ self }) => clockNow(self) + twoFaResendWait }),
    endEmailCountdown: assign({ emailCodeDeadline: null }),
    /** The server refused to send again so soon: the button counts down the wait it named. */
    startServerCountdown: assign({
      emailCodeWait: ({ event }) => (errorOf(event)?.retryAfter ?? 0) * 1000,
      emailCodeDeadline: ({ event, self }) => clockNow(self) + (errorOf(event)?.retryAfter ?? 0) * 1000,
    }),
    remindToSaveCodes: assign({
      error: { code: 'validation', fieldCodes: { recovery: ['recoveryCodesUnsaved'] } } satisfies AppError,
    }),
  },
  guards: {
    isBackupSaved: ({ context }) => context.backupSaved,
    areCodesComplete: ({ context }) => isSixDigits(context.emailCode) && isSixDigits(context.authCode),
    succeeded: ({ event }) => failureOf(event) === null,
    isHeldBack: ({ event }) => (errorOf(event)?.retryAfter ?? 0) > 0,
    isAttemptVoid: ({ event }) => failureOf(event) === 'TwoFaNotStarted',
    areRecoveryCodesSaved: ({ context }) => context.recoverySaved,
  },
  delays: { twoFaResendWait, serverWait: ({ context }) => context.emailCodeWait },
}).createMachine({
  id: 'twoFactorActivation',
  context: {
    secret: null,
    backupSaved: false,
    emailCode: '',
    authCode: '',
    error: null,
    emailCodeDeadline: null,
    emailCodeWait: 0,
    recoveryCodes: [],
    recoverySaved: false,
  },
  initial: 'choosingMethod',
  on: { 'dialog.close': '.closed' },
  states: {
    choosingMethod: {
      meta: { description: 'Step 1: the member chooses the method (Google Authenticator) and sees where to get the app.' },
      tags: ['step1'],
      on: { 'method.continue': 'generatingSecret' },
    },
    generatingSecret: {
      meta: { description: 'The server makes a fresh secret for this activation.' },
      tags: ['step1', 'busy'],
      invoke: {
        id: 'generateSecret',
        src: 'generateSecret',
        onDone: [
          {
            guard: 'succeeded',
            target: 'showingSecret',
            actions: assign({ secret: ({ event }) => valueOf(event.output), backupSaved: false, error: null }),
          },
          { target: 'choosingMethod', actions: 'assignError' },
        ],
        onError: { target: 'choosingMethod', actions: 'assignError' },
      },
    },
    showingSecret: {
      meta: { description: 'Step 2: the QR code and the secret; the member confirms the backup is saved.' },
      tags: ['step2'],
      on: {
        'backup.toggle': { actions: assign({ backupSaved: ({ event }) => event.saved }) },
        'step.continue': { guard: 'isBackupSaved', target: 'enteringCodes' },
        'step.back': { target: 'choosingMethod', actions: assign({ error: null }) },
      },
    },
    enteringCodes: {
      meta: { description: 'Step 3: the email code and a code from the authenticator.' },
      tags: ['step3'],
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
              meta: { description: 'The member types both codes, or goes back to the key.' },
              on: {
                // Not while the server checks the codes: the member would miss its answer.
                'step.back': { target: '#twoFactorActivation.showingSecret', actions: assign({ error: null }) },
                'emailCode.change': { actions: assign({ emailCode: ({ event }) => event.code }) },
                'authCode.change': { actions: assign({ authCode: ({ event }) => event.code }) },
                'activation.submit': [
                  { guard: 'areCodesComplete', target: 'activating', actions: assign({ error: null }) },
                  { actions: assign({ error: { code: 'invalidCode' } satisfies AppError }) },
                ],
              },
            },
            activating: {
              meta: { description: 'The server checks both codes and turns two-factor on.' },
              tags: ['busy'],
              invoke: {
                id: 'activate',
                src: 'activate',
                input: ({ context }) => ({ emailCode: context.emailCode, authCode: context.authCode }),
                onDone: [
                  {
                    guard: 'succeeded',
                    target: '#twoFactorActivation.activated',
                    actions: assign({ recoveryCodes: ({ event }) => valueOf(event.output).recoveryCodes, recoverySaved: false }),
                  },
                  // Five wrong authenticator codes void the secret: start again from step 1.
                  {
                    guard: 'isAttemptVoid',
                    target: '#twoFactorActivation.choosingMethod',
                    actions: ['assignError', assign({ emailCode: '', authCode: '', secret: null })],
                  },
                  { target: 'editing', actions: ['assignError', assign({ authCode: '' })] },
                ],
                onError: { target: 'editing', actions: ['assignError', assign({ authCode: '' })] },
              },
            },
          },
        },
      },
    },
    activated: {
      meta: {
        description:
          'Two-factor authentication is on. The 10 recovery codes show once; the dialog closes only after the member says they are saved.',
      },
      tags: ['success'],
      on: {
        'recovery.saved': { actions: assign({ recoverySaved: ({ event }) => event.saved, error: null }) },
        'dialog.close': [
          { guard: 'areRecoveryCodesSaved', target: 'closed' },
          // Not saved yet: the dialog stays (the codes are shown only now).
          { actions: 'remindToSaveCodes' },
        ],
      },
    },
    closed: {
      meta: { description: 'The dialog is closed; the member record is fetched again.' },
      entry: 'refreshMember',
      type: 'final',
    },
  },
});
