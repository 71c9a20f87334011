// Demo exchange accounts and service (issue 31), on the Demo Portal only: the demo member's "Binance main"
// (connected, its balance read from the sandbox) and "OKX spare" (disconnected with the member's reason), both
// sealed with the same key every account is (secrets.ts), and the service "Copy Trading Pro" whose limits they use
// in part (1 of 3 investor accounts, 1 of 4 exchanges). Fixed ids, so the portal's tests can open them.
import type { Db } from '../../db/client';
import { sandboxBalance } from './sandbox-adapter';
import { sealCredentials } from './secrets';
import { exchangeAccounts, services } from './tables';

const day = 86_400_000;

export const demoAccounts = {
  binance: { id: '3b6f2a10-31a0-4c5e-9d11-0000000b1a0e', name: 'Binance main', exchange: 'binance', apiKey: 'valid-demo-binance-7f3a9c', secret: 'demo-binance-secret-51e2' },
  okx: {
    id: '3b6f2a10-31a0-4c5e-9d11-000000000c5e',
    name: 'OKX spare',
    exchange: 'okx',
    apiKey: 'valid-demo-okx-2b8e41',
    secret: 'demo-okx-secret-93d7',
    passphrase: 'demo-okx-pass',
  },
} as const;

export const demoDisconnectReason = 'Paused while I rebalance';
export const demoServiceName = 'Copy Trading Pro';

export async function seedTradingDemo(tx: Db, ids: { tenantId: number; demoMemberId: number }, now = Date.now()) {
  const { binance, okx } = demoAccounts;
  // Sealed as every account is: bound to its row and field, with its fingerprint and hint.
  const sealedOf = async (account: { id: string; exchange: string; apiKey: string; secret: string; passphrase?: string }) =>
    (await sealCredentials(tx, account.id, account.exchange, { api_key: account.apiKey, secret: account.secret, passphrase: account.passphrase }, Boolean(account.passphrase)))
      .sealed;
  await tx.insert(exchangeAccounts).values([
    {
      id: binance.id,
      tenantId: ids.tenantId,
      userId: ids.demoMemberId,
      name: binance.name,
      exchange: binance.exchange,
      ...(await sealedOf(binance)),
      status: 'connected',
      balance: sandboxBalance(binance.apiKey),
      balanceReadAt: new Date(now - 2 * 3_600_000),
      createdAt: new Date(now - 20 * day),
      updatedAt: new Date(now - 2 * 3_600_000),
    },
    {
      id: okx.id,
      tenantId: ids.tenantId,
      userId: ids.demoMemberId,
      name: okx.name,
      exchange: okx.exchange,
      ...(await sealedOf(okx)),
      status: 'disconnected',
      balance: sandboxBalance(okx.apiKey),
      balanceReadAt: new Date(now - 10 * day),
      disconnectReason: demoDisconnectReason,
      disconnectedAt: new Date(now - 6 * day),
      createdAt: new Date(now - 35 * day),
      updatedAt: new Date(now - 6 * day),
    },
  ]);
  await tx.insert(services).values({
    tenantId: ids.tenantId,
    userId: ids.demoMemberId,
    name: demoServiceName,
    type: 'copy_trading',
    investorAccounts: 3,
    linkings: 5,
    exchanges: ['binance', 'okx', 'bybit', 'kucoin'],
    tradingVolume: '100000',
    tradingVolumeCurrency: 'USDT',
    riskManagement: true,
    status: 'active',
    activatedTill: new Date(now + 365 * day),
    createdAt: new Date(now - 41 * day),
    updatedAt: new Date(now - 41 * day),
  });
}
