// Demo wallet data (issue "Wallet"): a year of varied transactions for the demo member that ends exactly at
// the seeded balances (so the ledger and the wallets agree, as they always must), withdrawals in every status
// with their locked and withdrawn amounts, saved payout templates, and the paid invoices of the demo member's
// referral (the dashboard's team deals). Dates are relative to the seed's time.
import { and, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { LedgerDetails, TransactionType, WithdrawalStatus } from '../../../domain/ledger';
import { add, compare, subtract, sum, toFixed, type Decimal } from '../../../domain/money';
import { users } from '../account/tables';
import { newInvoiceTag } from '../payments/invoices';
import { invoices } from '../payments/tables';
import { ledgerEntries, wallets, withdrawals, withdrawalTemplates, type WithdrawalDetails } from './tables';

const day = 24 * 60 * 60_000;

/** The demo member's one payout of referral earnings (affiliates/demo-data.ts links its paid earnings to it). */
export const demoReferralPayout = { daysAgo: 66, amount: '65.00', note: 'Referral earnings payout' } as const;

interface DemoEntry {
  daysAgo: number;
  type: TransactionType;
  amount: Decimal;
  note?: string;
  details?: LedgerDetails;
}

interface DemoWithdrawal {
  daysAgo: number;
  currency: string;
  amount: Decimal;
  status: WithdrawalStatus;
  /** Days after the request when it was canceled or completed. */
  settledAfter?: number;
  details: WithdrawalDetails;
  template?: string;
}

const cryptoDetails: WithdrawalDetails = { method: 'crypto', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };
const ibanDetails: WithdrawalDetails = { method: 'iban', holderName: 'Demo Member', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };

const demoWithdrawals: DemoWithdrawal[] = [
  { daysAgo: 61, currency: 'USDT', amount: '200.00', status: 'completed', settledAfter: 2, details: cryptoDetails, template: 'My USDT wallet' },
  { daysAgo: 33, currency: 'USDT', amount: '75.00', status: 'canceled', settledAfter: 1, details: cryptoDetails, template: 'My USDT wallet' },
  { daysAgo: 5, currency: 'USDT', amount: '60.00', status: 'pending', details: cryptoDetails, template: 'My USDT wallet' },
  { daysAgo: 2, currency: 'USDT', amount: '40.00', status: 'requested', details: cryptoDetails, template: 'My USDT wallet' },
  { daysAgo: 1, currency: 'EUR', amount: '50.00', status: 'new', details: ibanDetails, template: 'Main bank account' },
];

/** A year of the demo member's USDT movements besides withdrawals: trading, deposits, bonuses, purchases. */
function usdtEntries(): DemoEntry[] {
  const entries: DemoEntry[] = [];
  for (let week = 0; week < 52; week += 1) {
    const daysAgo = 360 - week * 7;
    const pnl = toFixed(String((((week * 37) % 23) - 11) * 3.25), 2);
    if (pnl !== '0.00') entries.push({ daysAgo, type: 'REALISED_PNL', amount: pnl, note: 'Copy trading result' });
    const bonus: [TransactionType, Decimal][] = [
      ['WALLET_REFILL', '50.00'],
      ['UNILEVEL_BONUS', toFixed(String(12.4 + week * 0.1), 2)],
      ['REFERRAL_BONUS', '25.00'],
      ['TEAM_BONUS', '8.75'],
    ];
    const [type, amount] = bonus[week % 4]!;
    entries.push({ daysAgo: daysAgo - 2, type, amount });
    if (week % 6 === 3) entries.push({ daysAgo: daysAgo - 3, type: 'MANAGEMENT_FEE', amount: '-5.00', note: 'Monthly management fee' });
    if (week % 13 === 5) entries.push({ daysAgo: daysAgo - 1, type: 'INVOICE', amount: '-49.90', note: 'Trading Basics Course', details: { subject: 'Trading Basics Course' } });
  }
  entries.push(
    { daysAgo: 180, type: 'STAKING_REWARD', amount: '4.20' },
    { daysAgo: 150, type: 'AIRDROP', amount: '5.00' },
    { daysAgo: 70, type: 'OVERPAYMENT', amount: '0.40' },
    { daysAgo: 45, type: 'AFFILIATE_REFUND', amount: '-8.75' },
    { daysAgo: 25, type: 'RANK_BONUS', amount: '50.00', note: 'Silver rank', details: { subject: 'Silver' } },
    { daysAgo: demoReferralPayout.daysAgo, type: 'REFERRAL_BONUS', amount: demoReferralPayout.amount, note: demoReferralPayout.note, details: { reason: 'referral_payout' } },
  );
  // The last month, day by day: the short ranges of the history have something to show.
  for (let daysAgo = 29; daysAgo >= 0; daysAgo -= 1) {
    const pnl = toFixed(String((((daysAgo * 17) % 11) - 4) * 1.35), 2);
    if (pnl !== '0.00') entries.push({ daysAgo: daysAgo + 0.25, type: 'REALISED_PNL', amount: pnl, note: 'Copy trading result' });
  }
  return entries;
}

const eurEntries = (): DemoEntry[] => [
  { daysAgo: 200, type: 'WALLET_REFILL', amount: '150.00' },
  { daysAgo: 120, type: 'WALLET_REFILL', amount: '200.00' },
  { daysAgo: 90, type: 'INVOICE', amount: '-35.00', note: 'Mentoring session', details: { subject: 'Mentoring session' } },
  { daysAgo: 14, type: 'REFUND_TO_BALANCE', amount: '35.00', note: 'Mentoring session', details: { subject: 'Mentoring session' } },
];

interface Seeded {
  walletId: number;
  currency: string;
  available: Decimal;
}

/**
 * Writes one wallet's history: an opening deposit a year ago chosen so that the rows add up to the wallet's
 * available balance, then every movement in time order with the balance after it.
 */
async function writeHistory(tx: Db, userId: number, wallet: Seeded, movements: DemoEntry[], now: number) {
  const opening = subtract(wallet.available, sum(movements.map((entry) => entry.amount)));
  const openingDetails: LedgerDetails = { reason: 'opening_balance' };
  const ordered = [{ daysAgo: 365, type: 'ADMIN_DEPOSIT' as const, amount: opening, note: 'Opening balance', details: openingDetails }, ...movements].sort(
    (a, b) => b.daysAgo - a.daysAgo,
  );
  let balance: Decimal = '0';
  const rows = ordered.map((entry, index) => {
    balance = add(balance, entry.amount);
    if (compare(balance, '0') < 0) throw new Error(`Demo history of wallet ${wallet.walletId} goes below zero at ${index}`);
    return {
      userId,
      walletId: wallet.walletId,
      currency: wallet.currency,
      type: entry.type,
      amount: entry.amount,
      balanceAfter: balance,
      entryKey: `demo:${wallet.walletId}:${index}`,
      note: entry.note ?? null,
      details: entry.details ?? null,
      createdAt: new Date(now - entry.daysAgo * day - 3 * 60 * 60_000),
    };
  });
  await tx.delete(ledgerEntries).where(and(eq(ledgerEntries.walletId, wallet.walletId), like(ledgerEntries.entryKey, 'opening:%')));
  await tx.insert(ledgerEntries).values(rows);
}

/**
 * The demo member's wallets' history, withdrawals and templates, and the team deals. `planMovements`: what the
 * member's investment plans and crowdfunding holdings moved (investments/demo-data.ts and crowdfunding/demo-data.ts
 * write them), part of the USDT history.
 */
export async function seedWalletDemo(tx: Db, members: { demoMemberId: number; twofaMemberId: number }, planMovements: DemoEntry[], now = Date.now()) {
  const { demoMemberId, twofaMemberId } = members;
  const templates = await tx
    .insert(withdrawalTemplates)
    .values([
      { userId: demoMemberId, name: 'My USDT wallet', method: 'crypto', details: cryptoDetails, createdAt: new Date(now - 90 * day) },
      { userId: demoMemberId, name: 'Main bank account', method: 'iban', details: ibanDetails, createdAt: new Date(now - 80 * day) },
      { userId: twofaMemberId, name: 'Ledger wallet', method: 'crypto', details: { method: 'crypto', network: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7' } },
    ])
    .returning({ id: withdrawalTemplates.id, name: withdrawalTemplates.name, userId: withdrawalTemplates.userId });
  const templateId = (name: string) => templates.find((row) => row.userId === demoMemberId && row.name === name)?.id ?? null;

  const owned = await tx
    .select({ id: wallets.id, currency: wallets.currency })
    .from(wallets)
    .where(and(eq(wallets.userId, demoMemberId), inArray(wallets.currency, ['USDT', 'EUR'])));
  const walletOf = (currency: string) => owned.find((wallet) => wallet.currency === currency)!;

  // Withdrawals: each moved its amount out of available (a WITHDRAWAL row); a canceled one came back, a
  // completed one is withdrawn; the rest stay locked.
  const movements: Record<string, DemoEntry[]> = { USDT: [...usdtEntries(), ...planMovements], EUR: eurEntries() };
  const locked: Record<string, Decimal> = { USDT: '0', EUR: '0' };
  const withdrawn: Record<string, Decimal> = { USDT: '0', EUR: '0' };
  for (const withdrawal of demoWithdrawals) {
    const createdAt = new Date(now - withdrawal.daysAgo * day);
    const settledAt = withdrawal.settledAfter ? new Date(createdAt.getTime() + withdrawal.settledAfter * day) : null;
    const [made] = await tx.insert(withdrawals).values({
      userId: demoMemberId,
      walletId: walletOf(withdrawal.currency).id,
      currency: withdrawal.currency,
      amount: withdrawal.amount,
      status: withdrawal.status,
      method: withdrawal.details.method,
      details: withdrawal.details,
      templateId: withdrawal.template ? templateId(withdrawal.template) : null,
      createdAt,
      updatedAt: settledAt ?? createdAt,
      completedAt: withdrawal.status === 'completed' ? settledAt : null,
      canceledAt: withdrawal.status === 'canceled' ? settledAt : null,
    }).returning({ id: withdrawals.id });
    const list = movements[withdrawal.currency]!;
    list.push({ daysAgo: withdrawal.daysAgo, type: 'WITHDRAWAL', amount: `-${withdrawal.amount}`, note: 'Withdrawal', details: { ref: String(made!.id) } });
    if (withdrawal.status === 'canceled') {
      list.push({ daysAgo: withdrawal.daysAgo - withdrawal.settledAfter!, type: 'WITHDRAWAL_CANCELED', amount: withdrawal.amount, note: 'Withdrawal canceled', details: { ref: String(made!.id) } });
    } else if (withdrawal.status === 'completed') {
      withdrawn[withdrawal.currency] = add(withdrawn[withdrawal.currency]!, withdrawal.amount);
    } else {
      locked[withdrawal.currency] = add(locked[withdrawal.currency]!, withdrawal.amount);
    }
  }
  for (const currency of ['USDT', 'EUR']) {
    const wallet = walletOf(currency);
    const [row] = await tx
      .update(wallets)
      .set({ locked: locked[currency]!, withdrawn: withdrawn[currency]! })
      .where(eq(wallets.id, wallet.id))
      .returning({ available: wallets.available });
    await writeHistory(tx, demoMemberId, { walletId: wallet.id, currency, available: row!.available }, movements[currency]!, now);
  }
  await seedTeamDeals(tx, twofaMemberId, now);
}

/** The dashboard's team deals: the demo member's referral (the two-factor member) paid three invoices. */
async function seedTeamDeals(tx: Db, teamMemberId: number, now: number) {
  const [member] = await tx.select({ tenantId: users.tenantId }).from(users).where(eq(users.id, teamMemberId));
  const deals: [number, string, Decimal][] = [
    [150, 'USDT', '120.00'],
    [60, 'USDT', '80.00'],
    [12, 'EUR', '45.00'],
  ];
  await tx.insert(invoices).values(
    deals.map(([daysAgo, currency, total]) => {
      const paidAt = new Date(now - daysAgo * day);
      return {
        tag: newInvoiceTag(),
        tenantId: member!.tenantId,
        userId: teamMemberId,
        kind: 'order',
        status: 'paid' as const,
        currency,
        subtotal: total,
        total,
        amountPaid: total,
        paymentGateway: 'balance',
        dueDate: paidAt,
        datePaid: paidAt,
        createdAt: paidAt,
        updatedAt: paidAt,
      };
    }),
  );
}
