// Demo merchants (issue 27): the Demo Portal sells the coins the spec's wallet icons name (SOL, BNB, MATIC, AAVE,
// 1INCH) for its USDT balance, from 10 to 10,000 USDT a purchase. Their currencies are valued in USDT as the
// sandbox's rates price them (server/rates/sandbox.ts).
import type { Db } from '../../db/client';
import { sandboxUsdtPrices } from '../../rates/sandbox';
import { currencies } from '../wallet/tables';
import { merchantAssets } from './tables';

const coins = [
  { code: 'SOL', name: 'Solana' },
  { code: 'BNB', name: 'BNB' },
  { code: 'MATIC', name: 'Polygon' },
  { code: 'AAVE', name: 'Aave' },
  { code: '1INCH', name: '1inch' },
];

export async function seedMerchantsDemo(tx: Db, tenants: { demoTenantId: number }) {
  await tx
    .insert(currencies)
    .values(coins.map(({ code }) => ({ code, symbol: code, type: 'crypto', icon: null, usdtRate: sandboxUsdtPrices[code]! })))
    .onConflictDoNothing();
  await tx.insert(merchantAssets).values(
    coins.map(({ code, name }, index) => ({ tenantId: tenants.demoTenantId, symbol: code, name, minAmount: '10', maxAmount: '10000', sortOrder: index + 1 })),
  );
}
