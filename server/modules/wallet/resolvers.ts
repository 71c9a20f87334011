// Wallet: balances, history and withdrawals will answer here. Today the area holds the wallets, currencies
// and the ledger that payments move (service.ts); `me` shows the balances.
import type { Resolvers } from '../../generated/resolvers-types';

export const walletResolvers: Resolvers = {};
