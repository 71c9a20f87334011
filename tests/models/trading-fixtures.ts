// The trading data the models, machine tests and view tests share, shaped as the Demo Portal's: exchanges with and
// without a passphrase (OKX needs one, Binance does not), the demo member's "Binance main" (connected) and "OKX
// spare" (disconnected with a reason), and the service "Copy Trading Pro" with its limits partly used.
import type { ExchangeAccountRow, ExchangeOption, ServiceRow } from '../../machines/trading/trading.types';

export const binance: ExchangeOption = { id: 'binance', name: 'Binance', requiredCredentials: ['api_key', 'secret'] };
export const okx: ExchangeOption = { id: 'okx', name: 'OKX', requiredCredentials: ['api_key', 'secret', 'passphrase'] };
export const exchanges: ExchangeOption[] = [binance, okx];

export const binanceMain: ExchangeAccountRow = {
  id: '41',
  name: 'Binance main',
  exchange: 'binance',
  exchangeName: 'Binance',
  status: 'connected',
  apiKeyLast4: 'a1b2',
  balance: { amount: '1250.50', currency: 'USDT' },
  balanceReadAt: '2026-11-27T08:00:00.000Z',
  disconnectReason: null,
  disconnectedAt: null,
  suspensionCause: null,
  connections: [],
  createdAt: '2026-11-01T09:00:00.000Z',
};

export const okxSpare: ExchangeAccountRow = {
  ...binanceMain,
  id: '42',
  name: 'OKX spare',
  exchange: 'okx',
  exchangeName: 'OKX',
  status: 'disconnected',
  apiKeyLast4: 'z9y8',
  balance: null,
  balanceReadAt: null,
  disconnectReason: 'Moving to another exchange',
  disconnectedAt: '2026-11-20T09:00:00.000Z',
};

/** What the server answers for a new OKX account named "Main". */
export const addedAccount: ExchangeAccountRow = {
  ...binanceMain,
  id: '43',
  name: 'Main',
  exchange: 'okx',
  exchangeName: 'OKX',
  apiKeyLast4: 'ey-1',
  balance: { amount: '100.00', currency: 'USDT' },
};

/** "Binance main" renamed "Main". */
export const renamedAccount: ExchangeAccountRow = { ...binanceMain, name: 'Main' };

export const copyTradingPro: ServiceRow = {
  id: '7',
  name: 'Copy Trading Pro',
  status: 'active',
  type: 'copy_trading',
  activatedTill: '2027-01-01T00:00:00.000Z',
  config: {
    investorAccounts: 3,
    linkings: 5,
    exchanges: ['binance', 'okx', 'bybit', 'kucoin'],
    tradingVolume: '50000.00',
    tradingVolumeCurrency: 'USDT',
    riskManagement: true,
  },
  usage: { investor_accounts: 2, linkings: 0, exchanges: 2, trading_volume: '1200.00' },
};
