// What the member's services allow now (domain/trading.ts): the active services' limits added up, or the Free
// Plan's; the accounts that count are those not disconnected (as the server counts them).
import { accountLimitRefusal, serviceLimits, type ServiceConfigLike } from '../../../domain/trading';
import type { ExchangeAccountRow, ServiceRow } from '../../../machines/trading/trading.types';

const configOf = (service: ServiceRow): ServiceConfigLike => ({
  investor_accounts: service.config?.investorAccounts ?? null,
  linkings: service.config?.linkings ?? null,
  exchanges: service.config?.exchanges ?? null,
});

export const activeServices = (services: readonly ServiceRow[]) => services.filter((service) => service.status === 'active');

export const accountsHeld = (accounts: readonly ExchangeAccountRow[]) => accounts.filter((account) => account.status !== 'disconnected').length;

/** Why no account can be added now (the limit of accounts, on any exchange), or null. */
export function addAccountRefusal(services: readonly ServiceRow[], accounts: readonly ExchangeAccountRow[]) {
  const limits = serviceLimits(activeServices(services).map(configOf));
  return accountLimitRefusal({ ...limits, exchanges: null }, accountsHeld(accounts), '');
}
