// Balance movements. Each is one statement that checks and changes the wallet (a debit only where the
// balance covers it), plus its ledger row with the balance after it, inside the caller's transaction, so the
// wallet and the ledger never disagree. entry_key is unique: one business event moves money once.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Decimal } from '../../../machines/shared/money';
import { ledgerEntries, wallets, type LedgerType } from './tables';

export interface Movement {
  userId: number;
  currency: string;
  /** Positive Decimal string. */
  amount: Decimal;
  type: LedgerType;
  entryKey: string;
  invoiceId?: number | null;
  note?: string | null;
}

/** Credits the member's wallet in the currency (made if missing) and writes the ledger row. */
export async function creditWallet(tx: Db, movement: Movement): Promise<{ balanceAfter: Decimal }> {
  const [wallet] = await tx
    .insert(wallets)
    .values({ userId: movement.userId, currency: movement.currency, available: movement.amount })
    .onConflictDoUpdate({
      target: [wallets.userId, wallets.currency],
      set: { available: sql`${wallets.available} + ${movement.amount}::numeric` },
    })
    .returning({ id: wallets.id, available: wallets.available });
  await tx.insert(ledgerEntries).values({
    userId: movement.userId,
    walletId: wallet!.id,
    currency: movement.currency,
    type: movement.type,
    amount: movement.amount,
    balanceAfter: wallet!.available,
    entryKey: movement.entryKey,
    invoiceId: movement.invoiceId ?? null,
    note: movement.note ?? null,
  });
  return { balanceAfter: wallet!.available };
}

/** Debits the wallet only if it holds the amount (one conditional update); null when it does not. */
export async function debitWallet(tx: Db, movement: Movement): Promise<{ balanceAfter: Decimal } | null> {
  const [wallet] = await tx
    .update(wallets)
    .set({ available: sql`${wallets.available} - ${movement.amount}::numeric` })
    .where(
      and(
        eq(wallets.userId, movement.userId),
        eq(wallets.currency, movement.currency),
        gte(wallets.available, sql`${movement.amount}::numeric`),
      ),
    )
    .returning({ id: wallets.id, available: wallets.available });
  if (!wallet) return null;
  await tx.insert(ledgerEntries).values({
    userId: movement.userId,
    walletId: wallet.id,
    currency: movement.currency,
    type: movement.type,
    amount: sql`-${movement.amount}::numeric`,
    balanceAfter: wallet.available,
    entryKey: movement.entryKey,
    invoiceId: movement.invoiceId ?? null,
    note: movement.note ?? null,
  });
  return { balanceAfter: wallet.available };
}
