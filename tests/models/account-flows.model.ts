// Models of the smaller account flows: email verification link, reset request, new password, autologin,
// single sign-on login and session check.
import { verifyEmailMachine, type VerifyEmailAnswer } from '../../machines/verify-email/verify-email.machine';
import { resetRequestMachine } from '../../machines/password-reset/reset-request.machine';
import { newPasswordMachine } from '../../machines/password-reset/new-password.machine';
import { autologinMachine, type AutologinInput } from '../../machines/autologin/autologin.machine';
import { oauthLoginMachine, type OAuthAnswer, type OAuthLoginInput } from '../../machines/oauth-login/oauth-login.machine';
import { ssoSessionMachine, type SsoCheckResult } from '../../machines/sso-session/sso-session.machine';
import type { AppError } from '../../machines/shared/app-error';
import { flattenFixtures, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

const session = { access_token: 'token', expires_in: 3600 };

export const verifyEmailModel: Model<typeof verifyEmailMachine> = {
  machine: verifyEmailMachine,
  inputs: [{ label: 'link', input: { token: 'link-token-from-the-email', email: 'new@example.com' } }],
  events: flattenFixtures({
    'xstate.done.actor.verifyLink': [
      { type: 'xstate.done.actor.verifyLink', output: session },
      { type: 'xstate.done.actor.verifyLink', output: null },
    ],
    'xstate.error.actor.verifyLink': [{ type: 'xstate.error.actor.verifyLink', error: { code: 'network' } }],
  } satisfies {
    'xstate.done.actor.verifyLink': DoneEvent<'verifyLink', VerifyEmailAnswer | null>[];
    'xstate.error.actor.verifyLink': ErrorEvent<'verifyLink'>[];
  }),
};

export const resetRequestModel: Model<typeof resetRequestMachine> = {
  machine: resetRequestMachine,
  inputs: [{ label: 'reset', input: undefined as never }],
  events: flattenFixtures({
    'reset.submit': [
      { type: 'reset.submit', email: 'demo@example.com' },
      { type: 'reset.submit', email: 'demo@' },
    ],
    'reset.again': [{ type: 'reset.again' }],
    'xstate.done.actor.requestReset': [{ type: 'xstate.done.actor.requestReset', output: undefined }],
    'xstate.error.actor.requestReset': [{ type: 'xstate.error.actor.requestReset', error: { code: 'network' } }],
  } satisfies {
    'reset.submit': { type: 'reset.submit'; email: string }[];
    'reset.again': { type: 'reset.again' }[];
    'xstate.done.actor.requestReset': DoneEvent<'requestReset', void>[];
    'xstate.error.actor.requestReset': ErrorEvent<'requestReset'>[];
  }),
};

export const invalidLink: AppError = { code: 'validation', reason: 'InvalidLink' };

export const newPasswordModel: Model<typeof newPasswordMachine> = {
  machine: newPasswordMachine,
  inputs: [{ label: 'link', input: { token: 'link-token-from-the-email', email: 'demo@example.com' } }],
  events: flattenFixtures({
    'password.submit': [
      { type: 'password.submit', password: 'Changed123', confirmation: 'Changed123' },
      { type: 'password.submit', password: 'Changed123', confirmation: 'Changed124' },
    ],
    'xstate.done.actor.setPassword': [{ type: 'xstate.done.actor.setPassword', output: undefined }],
    'xstate.error.actor.setPassword': [
      { type: 'xstate.error.actor.setPassword', error: invalidLink },
      { type: 'xstate.error.actor.setPassword', error: { code: 'network' } },
    ],
  } satisfies {
    'password.submit': { type: 'password.submit'; password: string; confirmation: string }[];
    'xstate.done.actor.setPassword': DoneEvent<'setPassword', void>[];
    'xstate.error.actor.setPassword': ErrorEvent<'setPassword'>[];
  }),
};

const autologinInput = (overrides: Partial<AutologinInput>): AutologinInput => ({
  session,
  productsModuleOn: true,
  hasStoredProducts: false,
  ...overrides,
});

export const autologinModel: Model<typeof autologinMachine> = {
  machine: autologinMachine,
  inputs: [
    { label: 'session handed over', input: autologinInput({}) },
    { label: 'products link stored', input: autologinInput({ hasStoredProducts: true }) },
    { label: 'no session in the URL', input: autologinInput({ session: null }) },
  ],
  events: flattenFixtures({
    'xstate.done.actor.checkSession': [{ type: 'xstate.done.actor.checkSession', output: undefined }],
    'xstate.error.actor.checkSession': [{ type: 'xstate.error.actor.checkSession', error: { code: 'authentication' } }],
  } satisfies {
    'xstate.done.actor.checkSession': DoneEvent<'checkSession', void>[];
    'xstate.error.actor.checkSession': ErrorEvent<'checkSession'>[];
  }),
};

const oauthInput = (overrides: Partial<OAuthLoginInput>): OAuthLoginInput => ({
  code: null,
  stateMatches: false,
  failedUpstream: false,
  signedOut: false,
  ...overrides,
});

export const oauthLoginModel: Model<typeof oauthLoginMachine> = {
  machine: oauthLoginMachine,
  inputs: [
    { label: 'first visit', input: oauthInput({}) },
    { label: 'back with a code', input: oauthInput({ code: 'code', stateMatches: true }) },
    { label: 'back with a foreign state', input: oauthInput({ code: 'code', stateMatches: false }) },
    { label: 'back with an error', input: oauthInput({ failedUpstream: true }) },
    { label: 'signed out', input: oauthInput({ signedOut: true }) },
  ],
  events: flattenFixtures({
    'sso.signIn': [{ type: 'sso.signIn' }],
    'xstate.done.actor.exchangeCode': [{ type: 'xstate.done.actor.exchangeCode', output: session }],
    'xstate.error.actor.exchangeCode': [{ type: 'xstate.error.actor.exchangeCode', error: { code: 'authentication' } }],
  } satisfies {
    'sso.signIn': { type: 'sso.signIn' }[];
    'xstate.done.actor.exchangeCode': DoneEvent<'exchangeCode', OAuthAnswer>[];
    'xstate.error.actor.exchangeCode': ErrorEvent<'exchangeCode'>[];
  }),
};

export const ssoSessionModel: Model<typeof ssoSessionMachine> = {
  machine: ssoSessionMachine,
  inputs: [{ label: 'signed in', input: undefined as never }],
  events: flattenFixtures({
    'xstate.after.ssoFirstCheck.ssoSession.starting': [{ type: 'xstate.after.ssoFirstCheck.ssoSession.starting' }],
    'xstate.after.ssoCheckInterval.ssoSession.active': [{ type: 'xstate.after.ssoCheckInterval.ssoSession.active' }],
    'xstate.done.actor.checkSession': [
      { type: 'xstate.done.actor.checkSession', output: 'active' },
      { type: 'xstate.done.actor.checkSession', output: 'login_required' },
    ],
    'xstate.error.actor.checkSession': [{ type: 'xstate.error.actor.checkSession', error: new Error('no answer') }],
  } satisfies {
    'xstate.after.ssoFirstCheck.ssoSession.starting': { type: string }[];
    'xstate.after.ssoCheckInterval.ssoSession.active': { type: string }[];
    'xstate.done.actor.checkSession': DoneEvent<'checkSession', SsoCheckResult>[];
    'xstate.error.actor.checkSession': ErrorEvent<'checkSession'>[];
  }),
};
