// Registration (spec §4 "Registration", §5): step 1 the form (rules shaped by the tenant's flags); step 2
// the 6-digit email code, with a toggle to login. A not-verified reply goes straight to step 2 without
// asking for a new code. The code can be sent again only after a 120000 ms countdown. A right code signs
// the member in. A tenant that registers only through referral links refuses a visit without one. In the
// registration dialog (a guest going to pay), "log in instead" turns the dialog to the login form.
import { and, assign, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf, valueOf, type AppError } from '../../domain/app-error';
import { clockNow } from '../shared/clock';
import { resendWait } from '../../domain/timing';
import { registrationSchema, verificationCodeSchema } from './registration.schema';
import type {
  RegisterOutcome,
  RegisterRequest,
  RegistrationContext,
  RegistrationEvent,
  RegistrationInput,
  SendCodeOutcome,
  VerifyAnswer,
  VerifyCodeOutcome,
} from './registration.types';

/** "Log in instead": in the dialog the dialog shows the login form; on the page, the login page opens. */
const chooseLogin = [
  { guard: 'isInDialog', target: '#registration.loginChosen', meta: { description: 'Member chooses sign-in (dialog)' } },
  { target: '#registration.loginChosen', actions: 'showLoginPage', meta: { description: 'Member chooses sign-in' } },
] as const;

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
  },
  actors: {
    /** Creates the account; the server mails the code. */
    register: notProvidedActor<RegisterOutcome, RegisterRequest>('register'),
    /** Checks the code; a code that is not the one sent is the WrongCode outcome. */
    verifyCode: notProvidedActor<VerifyCodeOutcome, { email: string; code: string }>('verifyCode'),
    sendCode: notProvidedActor<SendCodeOutcome, { email: string }>('sendCode'),
  },
  actions: {
    storeSession: notProvidedAction('storeSession') as (_: unknown, params: VerifyAnswer) => void,
    goToProducts: notProvidedAction('goToProducts'),
    goToDashboard: notProvidedAction('goToDashboard'),
    /** Opens the /login page. */
    showLoginPage: notProvidedAction('showLoginPage'),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    /** The resend countdown runs from now; the view shows the time left until this deadline. */
    startResendCountdown: assign({ resendDeadline: ({ self }) => clockNow(self) + resendWait }),
    endResendCountdown: assign({ resendDeadline: null }),
  },
  guards: {
    isReferralMissing: ({ context }) => context.referralOnly && context.sponsor === null,
    isInDialog: ({ context }) => context.inDialog,
    isFormValid: ({ context, event }) =>
      event.type === 'registration.submit' && v.is(registrationSchema(context.rules), event.values),
    isCodeComplete: ({ context, event }) =>
      v.is(verificationCodeSchema, { code: event.type === 'code.change' ? event.code : context.code }),
    succeeded: ({ event }) => failureOf(event) === null,
    isNotVerified: ({ event }) => failureOf(event) === 'NotVerified',
    opensProducts: ({ context }) => context.productsModuleOn && context.hasStoredProducts,
  },
  delays: { resendWait },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({ ...input, values: null, code: '', error: null, resendDeadline: null }),
  initial: 'checkingReferral',
  states: {
    checkingReferral: {
      meta: { description: 'Decides whether this visit may register at all.' },
      always: [{
        guard: 'isReferralMissing',
        target: 'referralRequired',
        meta: { description: 'Referral needed' },
      }, {
        target: 'fillingForm',
        meta: { description: 'Form can be filled' },
      }],
    },
    referralRequired: {
      meta: { description: '"Registration is possible via referral link only."' },
      on: { 'login.choose': chooseLogin },
    },
    fillingForm: {
      meta: { description: 'Step 1: the member fills the registration form.' },
      tags: ['editable', 'formStep'],
      on: {
        'registration.submit': {
          guard: 'isFormValid',
          target: 'registering',
          actions: assign({ values: ({ event }) => event.values, error: null }),
          meta: { description: 'Member registers' },
        },
        'login.choose': chooseLogin,
      },
    },
    registering: {
      meta: { description: 'The server creates the account and mails a 6-digit code.' },
      tags: ['busy', 'formStep'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({ values: context.values!, sponsor: context.sponsor }),
        onDone: [
          { guard: 'succeeded', target: 'awaitingCode', meta: { description: 'Code mailed' } },
          // Registered before but not verified: straight to step 2, no new code; it may be sent again now.
          {
            guard: 'isNotVerified',
            target: 'awaitingCode.resend.available',
            meta: { description: 'NotVerified: the code step, without a new code.' },
            actions: assign({ error: null }),
          },
          { target: 'fillingForm', actions: 'assignError', meta: { description: 'Registration refused' } },
        ],
        onError: { target: 'fillingForm', actions: 'assignError', meta: { description: 'Call failed' } },
      },
    },
    awaitingCode: {
      meta: { description: 'Step 2: the member types the code from the email; it can be sent again later.' },
      type: 'parallel',
      entry: assign({ code: '' }),
      on: {
        'login.choose': chooseLogin,
        'registration.edit': {
          target: 'fillingForm',
          actions: assign({ code: '', error: null, resendDeadline: null }),
          meta: { description: 'Member edits the form' },
        },
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
                    meta: { description: 'Member types the code' },
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
                    guard: and(['succeeded', 'isInDialog']),
                    target: '#registration.registered',
                    meta: { description: 'Verified in the dialog (a guest going to pay): signed in, the page stays.' },
                    actions: { type: 'storeSession', params: ({ event }) => valueOf(event.output) },
                  },
                  {
                    guard: and(['succeeded', 'opensProducts']),
                    target: '#registration.registered',
                    actions: [{ type: 'storeSession', params: ({ event }) => valueOf(event.output) }, 'goToProducts'],
                    meta: { description: 'Registered, to products' },
                  },
                  {
                    guard: 'succeeded',
                    target: '#registration.registered',
                    actions: [{ type: 'storeSession', params: ({ event }) => valueOf(event.output) }, 'goToDashboard'],
                    meta: { description: 'Registered' },
                  },
                  // A wrong code, or one that expired: the field is cleared and the error shown.
                  { target: 'entering', actions: [assign({ code: '' }), 'assignError'], meta: { description: 'Code refused' } },
                ],
                onError: { target: 'entering', actions: [assign({ code: '' }), 'assignError'], meta: { description: 'Call failed' } },
              },
            },
          },
        },
        resend: {
          initial: 'waiting',
          states: {
            waiting: {
              meta: { description: 'The resend button waits 120000 ms.' },
              entry: 'startResendCountdown',
              exit: 'endResendCountdown',
              after: { resendWait: { target: 'available', meta: { description: 'Wait over' } } },
            },
            available: {
              meta: { description: 'The code may be sent again.' },
              on: { 'code.resend': { target: 'sending', meta: { description: 'Member asks for a new code' } } },
            },
            sending: {
              meta: { description: 'Asking the server for a new code.' },
              tags: ['resending'],
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: ({ context }) => ({ email: context.values!.email.trim() }),
                onDone: [
                  { guard: 'succeeded', target: 'waiting', actions: assign({ error: null }), meta: { description: 'Code sent' } },
                  { target: 'available', actions: 'assignError', meta: { description: 'Send refused' } },
                ],
                onError: { target: 'available', actions: 'assignError', meta: { description: 'Call failed' } },
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
      type: 'final',
    },
  },
});
