// The sandbox exchange (DESIGN §7, fixed; outside production): every exchange of the list answers by the API key's
// prefix. valid- passes with a balance made from the key (1,000.00-20,000.00 USDT, the same every time);
// invalid- is an authentication error; withdraw- may withdraw; notrade- may not trade; old- belongs to an account
// created before 1 June 2021; maint- is in maintenance; ipblock- is refused for the server's address. Any other
// prefix is an invalid key, as an exchange answers a key it does not know. A strategy's closed trades are the
// deterministic stream of sandbox-trades.ts.
import { createHash } from 'node:crypto';
import { ExchangeError, type ExchangeAdapter, type ExchangeCredentials, type ExchangeInfo, type KeyReading } from './exchange-adapter';
import { curatedExchanges } from './ccxt-adapter';
import { sandboxClosedTrades } from './sandbox-trades';

/** The same list the ccxt adapter offers, with ccxt's names and credentials written down (no ccxt loaded). */
export const sandboxExchanges: ExchangeInfo[] = curatedExchanges.map(({ id, name, required_credentials }) => ({ id, name, required_credentials }));

/** 1,000.00-20,000.00 from the key's hash, as a Decimal string. */
export function sandboxBalance(apiKey: string): string {
  const cents = 100_000 + (createHash('sha256').update(apiKey).digest().readUInt32BE(0) % 1_900_001);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const reading = (apiKey: string, overrides: Partial<KeyReading> = {}): KeyReading => ({
  balance: sandboxBalance(apiKey),
  canTrade: true,
  canWithdraw: false,
  accountCreatedAt: new Date('2023-03-01T00:00:00Z'),
  ...overrides,
});

export const sandboxAdapter: ExchangeAdapter = {
  sandbox: true,
  async exchanges() {
    return [...sandboxExchanges].sort((a, b) => a.name.localeCompare(b.name));
  },
  async readKey(exchange: string, { api_key }: ExchangeCredentials) {
    if (!sandboxExchanges.some((known) => known.id === exchange)) throw new ExchangeError('ExchangeUnavailable', `No exchange ${exchange}.`);
    const prefix = /^[a-z]+-/.exec(api_key)?.[0];
    switch (prefix) {
      case 'valid-':
        return reading(api_key);
      case 'withdraw-':
        return reading(api_key, { canWithdraw: true });
      case 'notrade-':
        return reading(api_key, { canTrade: false });
      case 'old-':
        return reading(api_key, { accountCreatedAt: new Date('2020-11-15T00:00:00Z') });
      case 'maint-':
        throw new ExchangeError('ExchangeMaintenance', `${exchange} is in maintenance (sandbox).`);
      case 'ipblock-':
        throw new ExchangeError('IpNotAllowed', `${exchange} refused the server's address (sandbox).`);
      default:
        throw new ExchangeError('ApiKeyInvalid', `${exchange} did not accept the key (sandbox).`);
    }
  },
  async closedTrades(source, from, to) {
    return sandboxClosedTrades(source, from, to);
  },
};
