// Two-factor activation (spec §4 "Two-factor activation"): the dialog opens at step 1, choose the method
// (only Google Authenticator) and continue, which generates a fresh secret; step 2 the QR code and the secret,
// with the backup confirmation required; step 3 the email code (its button waits 60 s after sending) and a
// code from the authenticator; success says so and shows the 10 one-time recovery codes (for a lost phone),
// which must be confirmed as saved before the dialog closes. Back goes 3 → 2 and 2 → 1. When the dialog closes
// the member record is fetched again and the flow forgets this activation, so the next opening starts afresh.
import { assign, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf, valueOf, type AppError } from '../../domain/app-error';
import { sixDigitCode } from '../../domain/validation';
import { emailCodeDelays, emailCodeGuards, emailCodeRegion, noEmailCode, resendDeadline, serverWaitOf, type SendEmailCodeOutcome } from './email-code';
import type { ActivateOutcome, ActivationContext, ActivationEvent, GenerateSecretOutcome } from './two-factor-activation.types';

const isSixDigits = (code: string) => v.is(sixDigitCode, code);

/** A closed dialog's flow: nothing of the last activation (its secret, its recovery codes) is kept. */
const closedContext: ActivationContext = {
  secret: null,
  backupSaved: false,
  emailCode: '',
  authCode: '',
  error: null,
  ...noEmailCode,
  recoveryCodes: [],
  recoverySaved: false,
};

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
    forgetActivation: assign(() => closedContext),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    clearError: assign({ error: null }),
    /** The email-code button waits 60 s from now; the view shows the time left until this deadline. */
    startEmailCountdown: assign({ emailCodeDeadline: ({ self }) => resendDeadline(self) }),
    endEmailCountdown: assign({ emailCodeDeadline: null }),
    /** The server refused to send again so soon: the button counts down the wait it named. */
    startServerCountdown: assign({
      emailCodeWait: ({ event }) => serverWaitOf(event),
      emailCodeDeadline: ({ event, self }) => resendDeadline(self, serverWaitOf(event)),
    }),
    remindToSaveCodes: assign({
      error: { code: 'validation', fieldCodes: { recovery: ['recoveryCodesUnsaved'] } } satisfies AppError,
    }),
  },
  guards: {
    isBackupSaved: ({ context }) => context.backupSaved,
    areCodesComplete: ({ context }) => isSixDigits(context.emailCode) && isSixDigits(context.authCode),
    succeeded: ({ event }) => failureOf(event) === null,
    isAttemptVoid: ({ event }) => failureOf(event) === 'TwoFaNotStarted',
    areRecoveryCodesSaved: ({ context }) => context.recoverySaved,
    ...emailCodeGuards,
  },
  delays: emailCodeDelays,
}).createMachine({
  id: 'twoFactorActivation',
  context: closedContext,
  initial: 'closed',
  states: {
    closed: {
      meta: { description: 'The dialog is closed; Turn on opens it at step 1.' },
      on: { 'dialog.open': { target: 'open', meta: { description: 'Member opens the dialog' } } },
    },
    open: {
      meta: { description: 'The dialog is open; closing it fetches the member record again and forgets this activation.' },
      exit: ['refreshMember', 'forgetActivation'],
      on: { 'dialog.close': { target: 'closed', meta: { description: 'Member closes' } } },
      initial: 'choosingMethod',
      states: {
        choosingMethod: {
          meta: { description: 'Step 1: the member chooses the method (Google Authenticator) and sees where to get the app.' },
          tags: ['step1'],
          on: { 'method.continue': { target: 'generatingSecret', meta: { description: 'Member continues' } } },
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
                meta: { description: 'Secret made' },
              },
              { target: 'choosingMethod', actions: 'assignError', meta: { description: 'Secret refused' } },
            ],
            onError: { target: 'choosingMethod', actions: 'assignError', meta: { description: 'Call failed' } },
          },
        },
        showingSecret: {
          meta: { description: 'Step 2: the QR code and the secret; the member confirms the backup is saved.' },
          tags: ['step2'],
          on: {
            'backup.toggle': { actions: assign({ backupSaved: ({ event }) => event.saved }) },
            'step.continue': { guard: 'isBackupSaved', target: 'enteringCodes', meta: { description: 'Backup saved, member continues' } },
            'step.back': { target: 'choosingMethod', actions: 'clearError', meta: { description: 'Member goes back' } },
          },
        },
        enteringCodes: {
          meta: { description: 'Step 3: the email code and a code from the authenticator.' },
          tags: ['step3'],
          type: 'parallel',
          states: {
            emailCode: emailCodeRegion,
            form: {
              initial: 'editing',
              states: {
                editing: {
                  meta: { description: 'The member types both codes, or goes back to the key.' },
                  on: {
                    // Not while the server checks the codes: the member would miss its answer.
                    'step.back': {
                      target: '#twoFactorActivation.open.showingSecret',
                      actions: 'clearError',
                      meta: { description: 'Member goes back' },
                    },
                    'emailCode.change': { actions: assign({ emailCode: ({ event }) => event.code }) },
                    'authCode.change': { actions: assign({ authCode: ({ event }) => event.code }) },
                    'activation.submit': [
                      {
                        guard: 'areCodesComplete',
                        target: 'activating',
                        actions: 'clearError',
                        meta: { description: 'Member enters both codes' },
                      },
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
                        target: '#twoFactorActivation.open.activated',
                        actions: assign({ recoveryCodes: ({ event }) => valueOf(event.output).recoveryCodes, recoverySaved: false }),
                        meta: { description: 'Two-factor on' },
                      },
                      // Five wrong authenticator codes void the secret: start again from step 1.
                      {
                        guard: 'isAttemptVoid',
                        target: '#twoFactorActivation.open.choosingMethod',
                        actions: ['assignError', assign({ emailCode: '', authCode: '', secret: null })],
                        meta: { description: 'Attempt void: start again' },
                      },
                      { target: 'editing', actions: ['assignError', assign({ authCode: '' })], meta: { description: 'Code refused' } },
                    ],
                    onError: {
                      target: 'editing',
                      actions: ['assignError', assign({ authCode: '' })],
                      meta: { description: 'Call failed' },
                    },
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
              {
                guard: 'areRecoveryCodesSaved',
                target: '#twoFactorActivation.closed',
                meta: { description: 'Codes saved, member closes' },
              },
              // Not saved yet: the dialog stays (the codes are shown only now).
              { actions: 'remindToSaveCodes' },
            ],
          },
        },
      },
    },
  },
});
