// Which adapter serves a gateway module. Only the sandbox exists: it answers in development and tests, and in
// production only with GATEWAY_SANDBOX=1; without an adapter a gateway is unavailable.
import type { ServerConfig } from '../config';
import { sandboxAdapter } from './sandbox';
import type { GatewayAdapter, GatewayModule } from './types';

export const sandboxEnabled = (config: Pick<ServerConfig, 'production'>) => !config.production || process.env.GATEWAY_SANDBOX === '1';

export function adapterFor(_module: GatewayModule, config: Pick<ServerConfig, 'production'>): GatewayAdapter | null {
  return sandboxEnabled(config) ? sandboxAdapter : null;
}

export * from './types';
