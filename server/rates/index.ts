// Which rates adapter quotes prices. Only the sandbox exists: it answers in development and tests, and in
// production only with RATES_SANDBOX=1; without an adapter, quotes are refused as unavailable.
import type { ServerConfig } from '../config';
import { sandboxRates } from './sandbox';
import type { RatesAdapter } from './types';

export function ratesAdapter(config: Pick<ServerConfig, 'production'>): RatesAdapter | null {
  return !config.production || process.env.RATES_SANDBOX === '1' ? sandboxRates : null;
}

export type { RatesAdapter } from './types';
