import type { AppError } from '../../domain/app-error';

/** Provider settings as the machine sees them: only the uuid matters to the flow. */
export interface TenantConfigData {
  uuid: string;
}

export interface TenantConfigInput {
  /** Host with known suffixes stripped. */
  hostSource: string;
  /** Last provider settings that loaded in this browser, if any. */
  cached: TenantConfigData | null;
}

export interface TenantConfigContext extends TenantConfigInput {
  config: TenantConfigData | null;
  error: AppError | null;
}

export type TenantConfigEvent = { type: 'config.retry' } | { type: 'connection.online' };
