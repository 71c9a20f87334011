// What the app and the 408 screen read of the tenant config flow.
import type { SnapshotFrom } from 'xstate';
import type { tenantConfigMachine } from './tenant-config.machine';

type TenantConfigSnapshot = SnapshotFrom<typeof tenantConfigMachine>;

export const selectBooting = (s: TenantConfigSnapshot) => s.matches('loading');
export const selectConfig = (s: TenantConfigSnapshot) => s.context.config;
export const selectCanRetry = (s: TenantConfigSnapshot) => s.can({ type: 'config.retry' });
export const selectRetrying = (s: TenantConfigSnapshot) => s.hasTag('busy');
