import { autologinMachine } from '../../machines/auth/autologin.machine';
import type { AutologinInput } from '../../machines/auth/autologin.types';
import { flattenFixtures, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

const session = { access_token: 'token', expires_in: 3600 };

const autologinInput = (overrides: Partial<AutologinInput>): AutologinInput => ({
  session,
  productsModuleOn: true,
  hasStoredProducts: false,
  ...overrides,
});

export const autologinFixtures = {
  'xstate.done.actor.checkSession': [{ type: 'xstate.done.actor.checkSession', output: undefined }],
  'xstate.error.actor.checkSession': [{ type: 'xstate.error.actor.checkSession', error: { code: 'authentication' } }],
} satisfies {
  'xstate.done.actor.checkSession': DoneEvent<'checkSession', void>[];
  'xstate.error.actor.checkSession': ErrorEvent<'checkSession'>[];
};

export const autologinModel: Model<typeof autologinMachine> = {
  machine: autologinMachine,
  inputs: [
    { label: 'session handed over', input: autologinInput({}) },
    { label: 'products link stored', input: autologinInput({ hasStoredProducts: true }) },
    { label: 'no session in the URL', input: autologinInput({ session: null }) },
  ],
  events: flattenFixtures(autologinFixtures),
};
