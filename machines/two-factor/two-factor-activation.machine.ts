// Two-factor activation (spec §4 "Two-factor activation"): step 1 choose the method (only Google
// Authenticator) and continue, which generates a fresh secret; step 2 the QR code and the secret, with
// the backup confirmation required; step 3 the email code (its button waits 60 s after sending) and a
// code from the authenticator; success says so. Back goes 3 → 2 and 2 → 1. When the dialog closes the
// member record is fetched again.
import { assign, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import type { AppError } from '../shared/app-error';
import { sixDigitCode } from '../shared/validation';
import { twoFaResendWait } from '../shared/timing';
import type { ActivationContext, ActivationEvent, TwoFaSecret } from './two-factor.types';

const isSixDigits = (code: string) => v.is(sixDigitCode, code);
const errorOf = ({ event }: { event: { error: unknown } }) => event.error as AppError;

export const twoFactorActivationMachine = setup({
  types: {
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
  },
  actors: {
    generateSecret: notProvidedActor<TwoFaSecret>('generateSecret'),
    sendEmailCode: notProvidedActor<void>('sendEmailCode'),
    activate: notProvidedActor<void, { emailCode: string; authCode: string }>('activate'),
  },
  actions: {
    /** Fetches the member again, so the new two-factor status shows. */
    refreshMember: notProvidedAction('refreshMember'),
  },
  guards: {
    isBackupSaved: ({ context }) => context.backupSaved,
    areCodesComplete: ({ context }) => isSixDigits(context.emailCode) && isSixDigits(context.authCode),
    isAttemptVoid: ({ event }) => (event as { error?: AppError }).error?.reason === 'TwoFaNotStarted',
  },
  delays: { twoFaResendWait },
}).createMachine({
  id: 'twoFactorActivation',
  context: { secret: null, backupSaved: false, emailCode: '', authCode: '', error: null, emailRound: 0 },
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
        onDone: {
          target: 'showingSecret',
          actions: assign({ secret: ({ event }) => event.output, backupSaved: false, error: null }),
        },
        onError: { target: 'choosingMethod', actions: assign({ error: errorOf }) },
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
                onDone: { target: 'sent', actions: assign({ emailRound: ({ context }) => context.emailRound + 1, error: null }) },
                onError: { target: 'notSent', actions: assign({ error: errorOf }) },
              },
            },
            sent: {
              meta: { description: 'Sent: the button waits 60 s before it can send again.' },
              after: { twoFaResendWait: 'notSent' },
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
                onDone: '#twoFactorActivation.activated',
                onError: [
                  // Five wrong authenticator codes void the secret: start again from step 1.
                  {
                    guard: 'isAttemptVoid',
                    target: '#twoFactorActivation.choosingMethod',
                    actions: assign({ error: errorOf, emailCode: '', authCode: '', secret: null }),
                  },
                  { target: 'editing', actions: assign({ error: errorOf, authCode: '' }) },
                ],
              },
            },
          },
        },
      },
    },
    activated: {
      meta: { description: 'Two-factor authentication is on; a message says so.' },
      tags: ['success'],
    },
    closed: {
      meta: { description: 'The dialog is closed; the member record is fetched again.' },
      entry: 'refreshMember',
      type: 'final',
    },
  },
});

/** Selectors for views. */
export const activationStep = (snapshot: { hasTag: (tag: string) => boolean }) =>
  snapshot.hasTag('success') ? 4 : snapshot.hasTag('step3') ? 3 : snapshot.hasTag('step2') ? 2 : 1;

