import { tenantConfigMachine } from '../../machines/shell/tenant-config.machine';
import type { TenantConfigData, TenantConfigEvent } from '../../machines/shell/tenant-config.types';
import { flattenFixtures, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const freshConfig: TenantConfigData = { uuid: 'fresh-tenant' };
export const cachedConfig: TenantConfigData = { uuid: 'cached-tenant' };

export const tenantConfigFixtures = {
  'config.retry': [{ type: 'config.retry' }],
  'connection.online': [{ type: 'connection.online' }],
  'xstate.done.actor.loadTenantConfig': [
    { type: 'xstate.done.actor.loadTenantConfig', output: freshConfig },
    { type: 'xstate.done.actor.loadTenantConfig', output: null },
  ],
  'xstate.error.actor.loadTenantConfig': [{ type: 'xstate.error.actor.loadTenantConfig', error: { code: 'network' } }],
} satisfies {
  [K in TenantConfigEvent['type']]: Extract<TenantConfigEvent, { type: K }>[];
} & {
  'xstate.done.actor.loadTenantConfig': DoneEvent<'loadTenantConfig', TenantConfigData | null>[];
  'xstate.error.actor.loadTenantConfig': ErrorEvent<'loadTenantConfig'>[];
};

export const tenantConfigModel: Model<typeof tenantConfigMachine> = {
  machine: tenantConfigMachine,
  inputs: [
    { label: 'no cached settings', input: { hostSource: 'acme', cached: null } },
    { label: 'cached settings', input: { hostSource: 'acme', cached: cachedConfig } },
  ],
  events: flattenFixtures(tenantConfigFixtures),
  contextKeys: ['config'],
};
