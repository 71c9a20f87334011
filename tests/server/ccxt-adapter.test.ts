// The ccxt adapter offline (issue 31): real ccxt exchange instances whose HTTP layer (fetchImplementation) answers
// recorded exchange responses (tests/fixtures/ccxt, ccxt's static fixtures style), so ccxt's own handleErrors maps
// the exchanges' error bodies to its classes and the adapter maps those to our reasons. No request leaves the
// process: an unrecorded one fails the test.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCcxtAdapter, curatedExchanges, exchangesFromCcxt, loadCcxt, loadOnce, withoutCredentials, type CcxtExchange } from '../../server/modules/trading/ccxt-adapter';
import { checkKey } from '../../server/modules/trading/key-check';
import type { TradeSource } from '../../server/modules/trading/exchange-adapter';

interface Recorded {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

const fixtures = (exchange: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/ccxt/${exchange}.json`, import.meta.url), 'utf8')) as { responses: Record<string, Recorded> };

const credentials = { api_key: 'AKrecorded0api0key0Z9xQe', secret: 'recorded-secret-7f0c1d', passphrase: 'recorded-pass-44' };

/** An adapter whose exchanges answer only the named recorded responses (or throw `failure` for every request);
 * `markets` are set as if loaded (an exchange's whole market list is not recorded). */
function recorded(exchange: string, names: string[], failure?: Error, markets?: Record<string, unknown>[]) {
  const responses = names.map((name) => fixtures(exchange).responses[name]!);
  const requests: string[] = [];
  const logged: string[] = [];
  const adapter = createCcxtAdapter({
    log: (line) => logged.push(line),
    configure: (instance: CcxtExchange) => {
      if (markets) (instance.setMarkets as (markets: unknown[]) => void).call(instance, markets);
      instance.fetchImplementation = async (url: string, params: { method: string }) => {
        const { pathname } = new URL(url);
        requests.push(`${params.method} ${pathname}`);
        if (failure) throw failure;
        const answer = responses.find((response) => response.method === params.method && response.path === pathname);
        if (!answer) throw new Error(`Unrecorded request ${params.method} ${pathname}`);
        return new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
      };
    },
  });
  return { adapter, requests, logged };
}

async function reasonOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 'passed';
  } catch (error) {
    return (error as { reason?: string; extensions?: { reason?: string } }).extensions?.reason ?? (error as { reason?: string }).reason ?? String(error);
  }
}

describe('the ccxt adapter', () => {
  it('offers the curated exchanges by name without loading ccxt, with the names and credentials ccxt gives them', async () => {
    let loads = 0;
    const adapter = createCcxtAdapter({ load: () => ((loads += 1), loadCcxt()) });
    const listed = await adapter.exchanges();
    expect(loads).toBe(0);
    expect(listed).toEqual([...curatedExchanges].sort((a, b) => a.name.localeCompare(b.name)));
    expect(exchangesFromCcxt(await loadCcxt())).toEqual(curatedExchanges);
    expect(listed.filter((exchange) => exchange.required_credentials.includes('passphrase')).map((exchange) => exchange.id).sort()).toEqual(['bitget', 'kucoin', 'okx']);
    expect(adapter.sandbox).toBe(false);
  });

  it('reads a Binance key: the total USDT and the rights its API restrictions tell', async () => {
    const { adapter, requests, logged } = recorded('binance', ['account', 'restrictionsTradeOnly']);
    expect(await adapter.readKey('binance', credentials)).toEqual({ balance: '1245', canTrade: true, canWithdraw: false, accountCreatedAt: null });
    expect(requests).toEqual(['GET /api/v3/account', 'GET /sapi/v1/account/apiRestrictions']);
    expect(logged).toEqual([]);
  });

  it('refuses a Binance key that can withdraw or cannot trade, through the key checks', async () => {
    expect(await reasonOf(checkKey(recorded('binance', ['account', 'restrictionsWithdrawal']).adapter, 'binance', credentials))).toBe('ApiKeyCanWithdraw');
    expect(await reasonOf(checkKey(recorded('binance', ['account', 'restrictionsReadOnly']).adapter, 'binance', credentials))).toBe('ApiKeyCannotTrade');
    expect(await reasonOf(checkKey(recorded('binance', ['account', 'restrictionsTradeOnly']).adapter, 'binance', credentials))).toBe('passed');
  });

  it('reads an OKX key: the USDT of the trading account and the perm of its config', async () => {
    const { adapter } = recorded('okx', ['balance', 'configTrade']);
    expect(await adapter.readKey('okx', credentials)).toEqual({ balance: '5000.25', canTrade: true, canWithdraw: false, accountCreatedAt: null });
    expect(await reasonOf(checkKey(recorded('okx', ['balance', 'configWithdraw']).adapter, 'okx', credentials))).toBe('ApiKeyCanWithdraw');
  });

  it.each([
    // exchange, the balance's answers, the key's rights: trade only, read only, withdrawal
    ['bybit', ['accountInfo', 'walletBalance'], ['queryApiTrade', 'queryApiReadOnly', 'queryApiWithdraw'], '3000.5'],
    ['kucoin', ['accountMode', 'accounts'], ['apiKeyTrade', 'apiKeyReadOnly', 'apiKeyWithdraw'], '2500.5'],
    ['bitget', ['assets'], ['infoTrade', 'infoReadOnly', 'infoWithdraw'], '800.5'],
  ])('reads a %s key\'s rights: a withdrawal-capable key and a read-only key are refused, a trading key passes', async (exchange, balance, [trade, readOnly, withdraw], balanceRead) => {
    const check = (rights: string) => reasonOf(checkKey(recorded(exchange, [...balance, rights]).adapter, exchange, credentials));
    expect(await check(withdraw!)).toBe('ApiKeyCanWithdraw');
    expect(await check(readOnly!)).toBe('ApiKeyCannotTrade');
    expect(await check(trade!)).toBe('passed');
    const { adapter, logged } = recorded(exchange, [...balance, trade!]);
    expect(await adapter.readKey(exchange, credentials)).toMatchObject({ balance: balanceRead, canTrade: true, canWithdraw: false });
    expect(logged).toEqual([]);
  });

  it('reads when a Bitget account was registered: one registered before June 2021 is not qualified', async () => {
    expect(await reasonOf(checkKey(recorded('bitget', ['assets', 'infoRegisteredEarly']).adapter, 'bitget', credentials))).toBe('AccountNotQualified');
  });

  it.each([
    ['binance', 'authError', 'ApiKeyInvalid'],
    ['binance', 'maintenance', 'ExchangeMaintenance'],
    ['okx', 'authError', 'ApiKeyInvalid'],
    ['okx', 'ipNotAllowed', 'IpNotAllowed'],
    ['okx', 'maintenance', 'ExchangeMaintenance'],
    ['bybit', 'authError', 'ApiKeyInvalid'],
    ['bybit', 'ipNotAllowed', 'IpNotAllowed'],
    ['bybit', 'rateLimited', 'ExchangeUnavailable'],
    // AuthenticationErrors in ccxt that are IP refusals, and an account the exchange suspended (not the key's fault)
    ['kucoin', 'ipNotAllowed', 'IpNotAllowed'],
    ['binance', 'ipNotAllowed', 'IpNotAllowed'],
    ['kucoin', 'authError', 'ApiKeyInvalid'],
    ['kucoin', 'accountSuspended', 'ExchangeAccountSuspended'],
    ['bitget', 'authError', 'ApiKeyInvalid'],
    ['bitget', 'ipNotAllowed', 'IpNotAllowed'],
  ])('maps %s %s to %s', async (exchange, response, reason) => {
    const { adapter, logged } = recorded(exchange, [response]);
    expect(await reasonOf(adapter.readKey(exchange, credentials))).toBe(reason);
    expect(logged).toEqual([]);
  });

  it('answers a network failure as ExchangeUnavailable', async () => {
    const { adapter } = recorded('kucoin', [], new TypeError('fetch failed'));
    expect(await reasonOf(adapter.readKey('kucoin', credentials))).toBe('ExchangeUnavailable');
  });

  it('answers anything else as ExchangeUnavailable, logged without the credentials', async () => {
    const { adapter, logged } = recorded('binance', ['unexpected']);
    expect(await reasonOf(adapter.readKey('binance', credentials))).toBe('ExchangeUnavailable');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^Exchange binance answered unexpectedly: BadSymbol/);
    for (const secret of Object.values(credentials)) expect(logged[0]).not.toContain(secret);
    // An exchange's answer that echoes a credential, or a signed URL, is cut before it is logged.
    const echoed = withoutCredentials(`binance GET /api/v3/account?signature=9f2ab7 key ${credentials.api_key} pass ${credentials.passphrase}`, credentials);
    expect(echoed).toBe('binance GET /api/v3/account?signature=[signed] key [credential] pass [credential]');
  });

  it('loads ccxt once', async () => {
    expect(await loadCcxt()).toBe(await loadCcxt());
  });

  it('forgets a failed load: the next call loads again, and then keeps what it loaded', async () => {
    let attempts = 0;
    const load = loadOnce(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Cannot find module ccxt');
      return { loaded: attempts };
    });
    await expect(load()).rejects.toThrow('Cannot find module ccxt');
    const loaded = await load();
    expect(loaded).toEqual({ loaded: 2 });
    expect(await load()).toBe(loaded);
    expect(attempts).toBe(2);
  });
  describe('a strategy account\'s closed trades', () => {
    const market = (id: string, base: string, swap: boolean) => ({
      id,
      symbol: swap ? `${base}/USDT:USDT` : `${base}/USDT`,
      base,
      quote: 'USDT',
      settle: swap ? 'USDT' : undefined,
      baseId: base,
      quoteId: 'USDT',
      type: swap ? 'swap' : 'spot',
      spot: !swap,
      swap,
      margin: false,
      future: false,
      option: false,
      contract: swap,
      linear: swap ? true : undefined,
      inverse: swap ? false : undefined,
      contractSize: swap ? 1 : undefined,
      active: true,
      precision: { amount: 0.00001, price: 0.01 },
      limits: {},
      info: {},
    });
    const source = (exchange: string): TradeSource => ({
      strategyId: '5c0a7e00-0032-4c0d-8e00-00000000f0cc',
      exchange,
      quoteAsset: 'USDT',
      risk: 2,
      startEquity: '10000',
      startedAt: new Date('2026-10-01T00:00:00Z'),
      credentials,
    });
    const from = new Date('2026-11-20T00:00:00Z');

    it('are OKX\'s closed positions with their realised PnL, those closed in the window, oldest first, as Decimal strings', async () => {
      const markets = [market('XRP-USDT-SWAP', 'XRP', true), market('BTC-USDT-SWAP', 'BTC', true), market('ETH-USDT-SWAP', 'ETH', true)];
      const { adapter, requests, logged } = recorded('okx', ['positionsHistory'], undefined, markets);
      const trades = await adapter.closedTrades(source('okx'), from, new Date('2026-11-21T00:00:00Z'));
      expect(requests).toEqual(['GET /api/v5/account/positions-history']);
      expect(logged).toEqual([]);
      expect(trades).toEqual([
        {
          externalId: `681423155054862999:${Date.parse('2026-11-20T01:15:00Z')}`,
          symbol: 'BTC/USDT:USDT',
          side: 'sell',
          amount: '3',
          openPrice: '64250.5',
          closePrice: '64890.1',
          pnl: '-19.30479',
          openedAt: new Date('2026-11-19T22:00:00Z'),
          closedAt: new Date('2026-11-20T01:15:00Z'),
        },
        {
          externalId: `681423155054862336:${Date.parse('2026-11-20T09:45:30Z')}`,
          symbol: 'XRP/USDT:USDT',
          side: 'buy',
          amount: '27',
          openPrice: '0.623',
          closePrice: '0.63304444',
          pnl: '13.55393582',
          openedAt: new Date('2026-11-20T03:10:00Z'),
          closedAt: new Date('2026-11-20T09:45:30Z'),
        },
      ]);
    });

    it('are Binance\'s fills of the held symbols paired into closed trades at the average entry, each fill once though the day windows meet', async () => {
      const { adapter, requests, logged } = recorded('binance', ['account', 'myTradesBtc'], undefined, [market('BTCUSDT', 'BTC', false), market('ETHUSDT', 'ETH', false)]);
      const trades = await adapter.closedTrades(source('binance'), from, new Date('2026-11-20T12:00:00Z'));
      expect(logged).toEqual([]);
      // The balance names the symbols (BTC held), then a week before `from` to its end, a day a request.
      expect(requests).toEqual(['GET /api/v3/account', ...Array.from({ length: 8 }, () => 'GET /api/v3/myTrades')]);
      const pair = { symbol: 'BTC/USDT', side: 'buy', openPrice: '61000', openedAt: new Date('2026-11-18T08:00:00Z') };
      expect(trades).toEqual([
        { ...pair, externalId: '28460', amount: '0.015', closePrice: '63000', pnl: '30', closedAt: new Date('2026-11-20T01:00:00Z') },
        { ...pair, externalId: '28461', amount: '0.005', closePrice: '60000', pnl: '-5', closedAt: new Date('2026-11-20T02:00:00Z') },
      ]);
      // A window after the second close holds none of them.
      expect(await recorded('binance', ['account', 'myTradesBtc'], undefined, [market('BTCUSDT', 'BTC', false)]).adapter.closedTrades(source('binance'), new Date('2026-11-20T02:00:00Z'), new Date('2026-11-20T12:00:00Z'))).toEqual([]);
    });

    it('are none for a strategy without an account here (ccxt not loaded), and an exchange\'s refusal is its reason', async () => {
      let loads = 0;
      const adapter = createCcxtAdapter({ load: () => ((loads += 1), loadCcxt()) });
      expect(await adapter.closedTrades({ ...source('binance'), credentials: null }, from, new Date())).toEqual([]);
      expect(loads).toBe(0);
      expect(await reasonOf(recorded('binance', ['authError'], undefined, [market('BTCUSDT', 'BTC', false)]).adapter.closedTrades(source('binance'), from, new Date('2026-11-20T12:00:00Z')))).toBe('ApiKeyInvalid');
    });
  });
});
