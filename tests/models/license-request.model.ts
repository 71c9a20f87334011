import { licenseRequestMachine } from '../../machines/licenses/license-request.machine';
import type {
  CreateLicenseOutcome,
  LicenseOverview,
  LicenseRequestContext,
  LicenseRequestEvent,
} from '../../machines/licenses/license-request.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { memberOverview, noProductsOverview, pendingRequest, usedUpOverview } from './licenses-fixtures';

export const licenseRequestFixtures = {
  'field.change': [
    { type: 'field.change', field: 'productId', value: 'tracker' },
    { type: 'field.change', field: 'productId', value: 'copy' },
    { type: 'field.change', field: 'brokerAccount', value: 'ACC-2002' },
    // Broken: a space is not allowed.
    { type: 'field.change', field: 'brokerAccount', value: 'ACC 2002' },
    { type: 'field.change', field: 'brokerServer', value: 'Broker-Live02' },
    { type: 'field.change', field: 'comment', value: 'For my second account' },
  ],
  'request.submit': [{ type: 'request.submit' }],
  'load.retry': [{ type: 'load.retry' }],
  'xstate.done.actor.loadOverview': [
    { type: 'xstate.done.actor.loadOverview', output: memberOverview },
    { type: 'xstate.done.actor.loadOverview', output: noProductsOverview },
    { type: 'xstate.done.actor.loadOverview', output: usedUpOverview },
  ],
  'xstate.error.actor.loadOverview': [{ type: 'xstate.error.actor.loadOverview', error: networkError }],
  'xstate.done.actor.createRequest': [
    { type: 'xstate.done.actor.createRequest', output: success(pendingRequest) },
    {
      type: 'xstate.done.actor.createRequest',
      output: failure({ code: 'server', category: 'conflict', reason: 'NoLicensesLeft', message: 'All licenses are already issued or under review.' }),
    },
  ],
  'xstate.error.actor.createRequest': [
    { type: 'xstate.error.actor.createRequest', error: networkError },
    {
      type: 'xstate.error.actor.createRequest',
      error: { code: 'validation', category: 'validation', fieldCodes: { broker_account: ['brokerAccount'] } },
    },
  ],
} satisfies { [K in LicenseRequestEvent['type']]: Extract<LicenseRequestEvent, { type: K }>[] } & {
  'xstate.done.actor.loadOverview': DoneEvent<'loadOverview', LicenseOverview>[];
  'xstate.error.actor.loadOverview': ErrorEvent<'loadOverview'>[];
  'xstate.done.actor.createRequest': DoneEvent<'createRequest', CreateLicenseOutcome>[];
  'xstate.error.actor.createRequest': ErrorEvent<'createRequest'>[];
};

export const licenseRequestModel: Model<typeof licenseRequestMachine> = {
  machine: licenseRequestMachine,
  inputs: [{ label: 'Demo member', input: { keyPrefix: 'license-1' } }],
  events: flattenFixtures(licenseRequestFixtures),
  cover: 'transitions',
  // What the guards read: the values against the products still choosable, whether a field shows a problem, and
  // whether a request is possible.
  contextKey: (context: LicenseRequestContext) => [
    context.values,
    context.overview?.products.filter((product) => product.licensesLeft > 0).map((product) => product.id) ?? [],
    Object.keys(context.fieldErrors).length === 0,
    context.overview ? (context.overview.canRequest ? 'can' : context.overview.reason) : 'none',
  ],
};
