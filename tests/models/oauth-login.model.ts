import { oauthLoginMachine } from '../../machines/auth/oauth-login.machine';
import type { ExchangeCodeOutcome, OAuthLoginEvent, OAuthLoginInput } from '../../machines/auth/oauth-login.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

const oauthInput = (overrides: Partial<OAuthLoginInput>): OAuthLoginInput => ({
  code: null,
  stateMatches: false,
  failedUpstream: false,
  signedOut: false,
  ...overrides,
});

export const oauthLoginFixtures = {
  'sso.signIn': [{ type: 'sso.signIn' }],
  'xstate.done.actor.exchangeCode': [
    { type: 'xstate.done.actor.exchangeCode', output: success({ access_token: 'token', expires_in: 3600 }) },
    { type: 'xstate.done.actor.exchangeCode', output: failure({ code: 'authentication', reason: 'InvalidOAuthCode' }) },
  ],
  'xstate.error.actor.exchangeCode': [{ type: 'xstate.error.actor.exchangeCode', error: networkError }],
} satisfies {
  [K in OAuthLoginEvent['type']]: Extract<OAuthLoginEvent, { type: K }>[];
} & {
  'xstate.done.actor.exchangeCode': DoneEvent<'exchangeCode', ExchangeCodeOutcome>[];
  'xstate.error.actor.exchangeCode': ErrorEvent<'exchangeCode'>[];
};

export const oauthLoginModel: Model<typeof oauthLoginMachine> = {
  machine: oauthLoginMachine,
  inputs: [
    { label: 'first visit', input: oauthInput({}) },
    { label: 'back with a code', input: oauthInput({ code: 'code', stateMatches: true }) },
    { label: 'back with a foreign state', input: oauthInput({ code: 'code', stateMatches: false }) },
    { label: 'back with an error', input: oauthInput({ failedUpstream: true }) },
    { label: 'signed out', input: oauthInput({ signedOut: true }) },
  ],
  events: flattenFixtures(oauthLoginFixtures),
};
