// Registration (spec §4 "Registration", §5): step 1 the form (rules shaped by the tenant's flags); step 2
// the 6-digit email code, with a toggle to login. A not-verified reply goes straight to step 2 without
// asking for a new code. The code can be sent again only after a 120000 ms countdown. A right code signs
// the member in. A tenant that registers only through referral links refuses a visit without one.
import { and, assign, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import type { AppError } from '../shared/app-error';
import { resendWait } from '../shared/timing';
import { registrationSchema, verificationCodeSchema, type RegistrationValues } from './registration.schema';
import type { RegistrationContext, RegistrationEvent, RegistrationInput, VerifyAnswer } from './registration.types';

const errorOf = ({ event }: { event: { error: unknown } }) => event.error as AppError;
const nextRound = ({ context }: { context: RegistrationContext }) => context.resendRound + 1;

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
  },
  actors: {
    /** Creates the account; the server mails the code. */
    register: notProvidedActor<void, RegistrationValues>('register'),
    /** Checks the code; null when it is wrong. */
    verifyCode: notProvidedActor<VerifyAnswer | null, { email: string; code: string }>('verifyCode'),
    sendCode: notProvidedActor<void, { email: string }>('sendCode'),
  },
  actions: {
    storeSession: notProvidedAction('storeSession') as (_: unknown, params: VerifyAnswer) => void,
    goToProducts: notProvidedAction('goToProducts'),
    goToDashboard: notProvidedAction('goToDashboard'),
    /** Shows the login form instead (the /login page, or the login side of the registration modal). */
    showLogin: notProvidedAction('showLogin'),
  },
  guards: {
    isReferralMissing: ({ context }) => context.referralOnly && !context.hasSponsor,
    isFormValid: ({ context, event }) =>
      event.type === 'registration.submit' && v.is(registrationSchema(context.rules), event.values),
    isCodeComplete: ({ context, event }) =>
      v.is(verificationCodeSchema, { code: event.type === 'code.change' ? event.code : context.code }),
    isNotVerified: ({ event }) => (event as { error?: AppError }).error?.reason === 'NotVerified',
    isVerified: ({ event }) => (event as { output?: VerifyAnswer | null }).output != null,
    opensProducts: ({ context }) => context.productsModuleOn && context.hasStoredProducts,
  },
  delays: { resendWait },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({ ...input, values: null, code: '', error: null, resendRound: 0 }),
  initial: 'checkingReferral',
  states: {
    checkingReferral: {
      meta: { description: 'Decides whether this visit may register at all.' },
      always: [{ guard: 'isReferralMissing', target: 'referralRequired' }, { target: 'fillingForm' }],
    },
    referralRequired: {
      meta: { description: '"Registration is possible via referral link only."' },
      on: { 'login.choose': 'loginChosen' },
    },
    fillingForm: {
      meta: { description: 'Step 1: the member fills the registration form.' },
      tags: ['editable', 'formStep'],
      on: {
        'registration.submit': {
          guard: 'isFormValid',
          target: 'registering',
          actions: assign({ values: ({ event }) => event.values, error: null }),
        },
        'login.choose': 'loginChosen',
      },
    },
    registering: {
      meta: { description: 'The server creates the account and mails a 6-digit code.' },
      tags: ['busy', 'formStep'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => context.values!,
        onDone: { target: 'awaitingCode', actions: assign({ resendRound: nextRound }) },
        onError: [
          // Registered before but not verified: straight to step 2, no new code; it may be sent again now.
          { guard: 'isNotVerified', target: 'awaitingCode.resend.available', actions: assign({ error: null }) },
          { target: 'fillingForm', actions: assign({ error: errorOf }) },
        ],
      },
    },
    awaitingCode: {
      meta: { description: 'Step 2: the member types the code from the email; it can be sent again later.' },
      type: 'parallel',
      entry: assign({ code: '' }),
      on: {
        'login.choose': 'loginChosen',
        'registration.edit': { target: 'fillingForm', actions: assign({ code: '', error: null }) },
      },
      states: {
        code: {
          initial: 'entering',
          states: {
            entering: {
              meta: { description: 'Typing the code; it goes off by itself at 6 digits.' },
              tags: ['editable', 'codeStep'],
              on: {
                'code.change': [
                  {
                    guard: 'isCodeComplete',
                    target: 'verifying',
                    actions: assign({ code: ({ event }) => event.code, error: null }),
                  },
                  { actions: assign({ code: ({ event }) => event.code }) },
                ],
                // A complete code has already gone off by itself: submitting now means it is too short.
                'code.submit': { actions: assign({ error: { code: 'invalidCode' } satisfies AppError }) },
              },
            },
            verifying: {
              meta: { description: 'The server checks the code.' },
              tags: ['busy', 'codeStep'],
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context }) => ({ email: context.values!.email.trim(), code: context.code }),
                onDone: [
                  {
                    guard: and(['isVerified', 'opensProducts']),
                    target: '#registration.registered',
                    actions: [{ type: 'storeSession', params: ({ event }) => event.output! }, 'goToProducts'],
                  },
                  {
                    guard: 'isVerified',
                    target: '#registration.registered',
                    actions: [{ type: 'storeSession', params: ({ event }) => event.output! }, 'goToDashboard'],
                  },
                  // A verify reply with nothing: the code was not right.
                  { target: 'entering', actions: assign({ code: '', error: { code: 'invalidCode' } satisfies AppError }) },
                ],
                onError: { target: 'entering', actions: assign({ code: '', error: errorOf }) },
              },
            },
          },
        },
        resend: {
          initial: 'waiting',
          states: {
            waiting: {
              meta: { description: 'The resend button waits 120000 ms.' },
              after: { resendWait: 'available' },
            },
            available: {
              meta: { description: 'The code may be sent again.' },
              on: { 'code.resend': 'sending' },
            },
            sending: {
              meta: { description: 'Asking the server for a new code.' },
              tags: ['resending'],
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: ({ context }) => ({ email: context.values!.email.trim() }),
                onDone: { target: 'waiting', actions: assign({ resendRound: nextRound, error: null }) },
                onError: { target: 'available', actions: assign({ error: errorOf }) },
              },
            },
          },
        },
      },
    },
    registered: {
      meta: { description: 'Verified and signed in; the portal has moved on.' },
      type: 'final',
    },
    loginChosen: {
      meta: { description: 'The member switched to the login form.' },
      entry: 'showLogin',
      type: 'final',
    },
  },
});
