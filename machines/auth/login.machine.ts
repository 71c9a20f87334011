// Login (spec §4 "Login", §8): email and password, or phone (11 digits) when the URL hash is #phone.
// When the server asks for a two-factor code the code field appears; the code submits itself at 6 digits;
// a wrong code keeps the field; a member who lost the phone may type one of the recovery codes instead;
// any other error ends the code step at once; after 120 s the code step
// ends and the member starts over. Success stores the token and its expiry and goes to /products when
// purchase-link products are stored and the products module is on, else to /dashboard; signed in from a
// dialog (a guest going to pay), the page stays where it is.
import { and, assign, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf, valueOf, type AppError } from '../../domain/app-error';
import { codeLength } from '../../domain/limits';
import { loginCodeReset } from '../../domain/timing';
import { recoveryCodeField } from '../../domain/validation';
import { loginSchema, twoFaCodeSchema } from './login.schema';
import type { LoginAnswer, LoginContext, LoginEvent, LoginInput, SignInOutcome, SignInRequest } from './login.types';

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  actors: {
    signIn: notProvidedActor<SignInOutcome, SignInRequest>('signIn'),
  },
  actions: {
    storeSession: notProvidedAction('storeSession') as (_: unknown, params: LoginAnswer) => void,
    goToProducts: notProvidedAction('goToProducts'),
    goToDashboard: notProvidedAction('goToDashboard'),
    /** Keeps the answer's error for the form (a named failure or an unexpected one). */
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    clearCode: assign({ code: '' }),
  },
  guards: {
    areCredentialsValid: ({ context, event }) =>
      event.type === 'credentials.submit' &&
      v.is(loginSchema(context.method), { username: event.username, password: event.password }),
    isRecoveryCode: ({ context }) => v.is(recoveryCodeField, context.code),
    /** The app's code field takes digits only, at most six; anything else never comes from it. */
    isAppCodeInput: ({ event }) => event.type === 'code.change' && /^\d*$/.test(event.code) && event.code.length <= codeLength,
    isCodeComplete: ({ context, event }) =>
      v.is(twoFaCodeSchema, { code: event.type === 'code.change' ? event.code : context.code }),
    opensProducts: ({ context }) => context.productsModuleOn && context.hasStoredProducts,
    isInDialog: ({ context }) => context.inDialog,
    isSignedIn: ({ event }) => failureOf(event) === null,
    isTwoFaRequired: ({ event }) => failureOf(event) === 'TwoFaError',
    isWrongCode: ({ event }) => failureOf(event) === 'TwoFaCodeError',
  },
  delays: { loginCodeReset },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({ ...input, credentials: null, code: '', error: null, codeTimedOut: false }),
  initial: 'editingCredentials',
  states: {
    editingCredentials: {
      meta: { description: 'The member types the email (or phone) and password.' },
      tags: ['editable'],
      on: {
        'credentials.submit': {
          guard: 'areCredentialsValid',
          target: 'signingIn',
          actions: assign({
            credentials: ({ event }) => ({ username: event.username.trim(), password: event.password }),
            error: null,
            codeTimedOut: false,
          }),
          meta: { description: 'Member signs in' },
        },
      },
    },
    signingIn: {
      meta: { description: 'The server checks the email and password.' },
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ ...context.credentials! }),
        onDone: [
          {
            guard: and(['isSignedIn', 'isInDialog']),
            target: 'loggedIn',
            meta: { description: 'Signed in from a dialog (a guest going to pay): the page stays where it is.' },
            actions: { type: 'storeSession', params: ({ event }) => valueOf(event.output) },
          },
          {
            guard: and(['isSignedIn', 'opensProducts']),
            target: 'loggedIn',
            actions: [{ type: 'storeSession', params: ({ event }) => valueOf(event.output) }, 'goToProducts'],
            meta: { description: 'Signed in, to products' },
          },
          {
            guard: 'isSignedIn',
            target: 'loggedIn',
            actions: [{ type: 'storeSession', params: ({ event }) => valueOf(event.output) }, 'goToDashboard'],
            meta: { description: 'Signed in' },
          },
          { guard: 'isTwoFaRequired', target: 'twoFactor', meta: { description: 'Code needed' } },
          // Wrong login or password, an unverified account, too many attempts: the form says so.
          { target: 'editingCredentials', actions: 'assignError', meta: { description: 'Sign-in refused' } },
        ],
        onError: { target: 'editingCredentials', actions: 'assignError', meta: { description: 'Call failed' } },
      },
    },
    twoFactor: {
      meta: { description: 'The server wants the 6-digit two-factor code; the step lasts 120 s.' },
      initial: 'enteringCode',
      entry: assign({ code: '', error: null }),
      after: {
        loginCodeReset: {
          target: 'editingCredentials',
          actions: assign({ code: '', error: null, codeTimedOut: true }),
          meta: { description: 'Code step timed out' },
        },
      },
      on: {
        'code.cancel': {
          target: 'editingCredentials',
          actions: assign({ code: '', error: null }),
          meta: { description: 'Member goes back' },
        },
      },
      states: {
        enteringCode: {
          meta: { description: 'The member types the code; it goes off by itself at 6 digits.' },
          tags: ['editable', 'codeStep'],
          on: {
            'code.change': [
              {
                guard: and(['isAppCodeInput', 'isCodeComplete']),
                target: 'verifyingCode',
                actions: assign({ code: ({ event }) => event.code }),
                meta: { description: 'Member types the code' },
              },
              { guard: 'isAppCodeInput', actions: assign({ code: ({ event }) => event.code }) },
            ],
            // A complete code has already gone off by itself: submitting now means it is too short.
            'code.submit': { actions: assign({ error: { code: 'invalidCode' } satisfies AppError }) },
            'recovery.use': {
              target: 'enteringRecoveryCode',
              actions: assign({ code: '', error: null }),
              meta: { description: 'Member uses a recovery code' },
            },
          },
        },
        enteringRecoveryCode: {
          meta: { description: 'The phone is lost: the member types one of the recovery codes instead.' },
          tags: ['editable', 'codeStep', 'recovery'],
          on: {
            'code.change': { actions: assign({ code: ({ event }) => event.code }) },
            'code.submit': [
              {
                guard: 'isRecoveryCode',
                target: 'verifyingRecoveryCode',
                actions: assign({ error: null }),
                meta: { description: 'Member enters it' },
              },
              {
                actions: assign({
                  error: { code: 'validation', fieldCodes: { recovery_code: ['recoveryCode'] } } satisfies AppError,
                }),
              },
            ],
            'recovery.cancel': {
              target: 'enteringCode',
              actions: assign({ code: '', error: null }),
              meta: { description: 'Member goes back' },
            },
          },
        },
        verifyingRecoveryCode: {
          meta: { description: 'The server checks the password with the recovery code, which it then spends.' },
          tags: ['busy', 'codeStep', 'recovery'],
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context }) => ({ ...context.credentials!, recoveryCode: context.code.trim() }),
            onDone: [
              {
                guard: and(['isSignedIn', 'isInDialog']),
                target: '#login.loggedIn',
                actions: { type: 'storeSession', params: ({ event }) => valueOf(event.output) },
                meta: { description: 'Signed in (dialog)' },
              },
              {
                guard: and(['isSignedIn', 'opensProducts']),
                target: '#login.loggedIn',
                actions: [{ type: 'storeSession', params: ({ event }) => valueOf(event.output) }, 'goToProducts'],
                meta: { description: 'Signed in, to products' },
              },
              {
                guard: 'isSignedIn',
                target: '#login.loggedIn',
                actions: [{ type: 'storeSession', params: ({ event }) => valueOf(event.output) }, 'goToDashboard'],
                meta: { description: 'Signed in' },
              },
              {
                guard: 'isWrongCode',
                target: 'enteringRecoveryCode',
                actions: ['clearCode', 'assignError'],
                meta: { description: 'Code refused' },
              },
              { target: '#login.editingCredentials', actions: ['clearCode', 'assignError'], meta: { description: 'Sign-in refused' } },
            ],
            onError: { target: '#login.editingCredentials', actions: ['clearCode', 'assignError'], meta: { description: 'Call failed' } },
          },
        },
        verifyingCode: {
          meta: { description: 'The server checks the password together with the code.' },
          tags: ['busy', 'codeStep'],
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context }) => ({ ...context.credentials!, code: context.code }),
            onDone: [
              {
                guard: and(['isSignedIn', 'isInDialog']),
                target: '#login.loggedIn',
                actions: { type: 'storeSession', params: ({ event }) => valueOf(event.output) },
                meta: { description: 'Signed in (dialog)' },
              },
              {
                guard: and(['isSignedIn', 'opensProducts']),
                target: '#login.loggedIn',
                actions: [{ type: 'storeSession', params: ({ event }) => valueOf(event.output) }, 'goToProducts'],
                meta: { description: 'Signed in, to products' },
              },
              {
                guard: 'isSignedIn',
                target: '#login.loggedIn',
                actions: [{ type: 'storeSession', params: ({ event }) => valueOf(event.output) }, 'goToDashboard'],
                meta: { description: 'Signed in' },
              },
              {
                guard: 'isWrongCode',
                target: 'enteringCode',
                actions: ['clearCode', 'assignError'],
                meta: { description: 'Code refused' },
              },
              { target: '#login.editingCredentials', actions: ['clearCode', 'assignError'], meta: { description: 'Sign-in refused' } },
            ],
            onError: { target: '#login.editingCredentials', actions: ['clearCode', 'assignError'], meta: { description: 'Call failed' } },
          },
        },
      },
    },
    loggedIn: {
      meta: { description: 'Signed in; the portal has moved on.' },
      type: 'final',
    },
  },
});
