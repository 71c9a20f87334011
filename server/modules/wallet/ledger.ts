// The wallet area's ledger writer, the one place money moves on a wallet. Each movement is one statement
// that checks and changes the wallet (money is taken only where the available balance covers it), plus its
// ledger row with the balance after it, inside the caller's transaction, so the wallet and the ledger never
// disagree. entry_key is unique: one business event moves money once.
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Decimal } from '../../../domain/money';
import type { LedgerDetails } from '../../../domain/ledger';
import { ledgerEntries, wallets, type LedgerType } from './tables';

export interface Movement {
  userId: number;
  currency: string;
  /** Positive Decimal string. */
  amount: Decimal;
  type: LedgerType;
  entryKey: string;
  invoiceId?: number | null;
  /** An English note for other clients; the portal builds its own from `details`. */
  note?: string | null;
  details?: LedgerDetails | null;
}

interface Moved {
  id: number;
  available: Decimal;
}

/** The movement's ledger row: `amount` signed as it moved the available balance, now `wallet.available`. */
async function writeEntry(tx: Db, movement: Movement, wallet: Moved, amount: Decimal | SQL) {
  await tx.insert(ledgerEntries).values({
    userId: movement.userId,
    walletId: wallet.id,
    currency: movement.currency,
    type: movement.type,
    amount,
    balanceAfter: wallet.available,
    entryKey: movement.entryKey,
    invoiceId: movement.invoiceId ?? null,
    note: movement.note ?? null,
    details: movement.details ?? null,
  });
}

const walletOf = (movement: Movement) => and(eq(wallets.userId, movement.userId), eq(wallets.currency, movement.currency));

/**
 * Takes the amount off the available balance only if it holds it (one conditional update), into the locked
 * balance when `intoLocked` (a withdrawal waiting to be paid out); null when the balance does not cover it.
 */
async function takeAvailable(tx: Db, movement: Movement, intoLocked: boolean): Promise<Moved | null> {
  const [wallet] = await tx
    .update(wallets)
    .set({
      available: sql`${wallets.available} - ${movement.amount}::numeric`,
      ...(intoLocked ? { locked: sql`${wallets.locked} + ${movement.amount}::numeric` } : {}),
    })
    .where(and(walletOf(movement), gte(wallets.available, sql`${movement.amount}::numeric`)))
    .returning({ id: wallets.id, available: wallets.available });
  if (!wallet) return null;
  await writeEntry(tx, movement, wallet, sql`-${movement.amount}::numeric`);
  return wallet;
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
  await writeEntry(tx, movement, wallet!, movement.amount);
  return { balanceAfter: wallet!.available };
}

/** Debits the wallet only if it holds the amount; null when it does not. */
export async function debitWallet(tx: Db, movement: Movement): Promise<{ balanceAfter: Decimal } | null> {
  const wallet = await takeAvailable(tx, movement, false);
  return wallet && { balanceAfter: wallet.available };
}

/** Moves the amount from the wallet's available to its locked balance, only if available holds it (a withdrawal). */
export async function lockFunds(tx: Db, movement: Movement): Promise<{ walletId: number; balanceAfter: Decimal } | null> {
  const wallet = await takeAvailable(tx, movement, true);
  return wallet && { walletId: wallet.id, balanceAfter: wallet.available };
}

/** Gives a locked amount back to available (a canceled withdrawal), with its ledger row. */
export async function unlockFunds(tx: Db, movement: Movement): Promise<{ balanceAfter: Decimal }> {
  const [wallet] = await tx
    .update(wallets)
    .set({
      available: sql`${wallets.available} + ${movement.amount}::numeric`,
      locked: sql`${wallets.locked} - ${movement.amount}::numeric`,
    })
    .where(walletOf(movement))
    .returning({ id: wallets.id, available: wallets.available });
  if (!wallet) throw new Error(`No ${movement.currency} wallet for member ${movement.userId}`);
  await writeEntry(tx, movement, wallet, movement.amount);
  return { balanceAfter: wallet.available };
}
