// Withdrawals (spec §4 statuses, §6 "withdrawals ... may be suspended for overdue invoices", §9 "withdrawals
// 1-3 working days"): the member's requests and payout templates as lists show them, what the request form
// needs, and canceling a `new` request, which gives the amount back (WITHDRAWAL_CANCELED), once. Requesting
// one is withdrawal-request.ts.
import { and, asc, count, desc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../context';
import { appError } from '../../errors';
import { excludedWalletCurrencies, withdrawalWaitDays } from '../../../domain/limits';
import type { WithdrawalMethod, WithdrawalStatus } from '../../../domain/ledger';
import type { WithdrawalSuspension } from '../../../domain/withdrawal-fields';
import { maskDestination } from '../../../machines/wallet/bank-details';
import { findTenantById, tenantFlag } from '../shell/service';
import { unlockFunds } from './ledger';
import { currencies, wallets, withdrawals, withdrawalTemplates, type WithdrawalDetails } from './tables';

type WithdrawalRow = typeof withdrawals.$inferSelect;
type TemplateRow = typeof withdrawalTemplates.$inferSelect;

/** Payout methods a currency offers: crypto for crypto currencies, IBAN and SWIFT for fiat ones. */
export const methodsFor = (type: string): WithdrawalMethod[] => (type === 'crypto' ? ['crypto'] : ['iban', 'swift']);

/**
 * Withdrawals are suspended while the account is suspended (spec §3: a suspended member moves no money out), the
 * member has overdue invoices, or external transactions are suspended.
 */
export function withdrawalSuspension(
  user: Pick<UserRow, 'accountStatus' | 'overdueTraderFeeInvoices' | 'externalTransactionsSuspendedAt'>,
): WithdrawalSuspension | null {
  if (user.accountStatus === 'suspended') return 'account';
  if (user.overdueTraderFeeInvoices > 0) return 'overdue_invoices';
  return user.externalTransactionsSuspendedAt !== null ? 'external_transactions' : null;
}

/** The details as lists show them: the method's destination, masked. */
export function destinationOf(details: WithdrawalDetails): string {
  switch (details.method) {
    case 'crypto':
      return `${details.network ?? ''} ${maskDestination(details.address ?? '')}`.trim();
    case 'iban':
      return `IBAN ${maskDestination(details.iban ?? '')}`;
    case 'swift':
      return `SWIFT ${details.swift ?? ''} ${maskDestination(details.accountNumber ?? '')}`.trim();
  }
}

const templateView = (row: TemplateRow) => ({
  id: String(row.id),
  name: row.name,
  type: row.method,
  destination: destinationOf(row.details),
  created_at: row.createdAt.toISOString(),
});

function withdrawalView(row: WithdrawalRow, templateName: string | null) {
  return {
    id: String(row.id),
    currency: row.currency,
    amount: row.amount,
    status: row.status,
    method: row.method,
    destination: destinationOf(row.details),
    template_name: templateName,
    cancelable: row.status === 'new',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type WithdrawalView = ReturnType<typeof withdrawalView>;

async function templateNames(db: Db, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map<number, string>();
  const rows = await db
    .select({ id: withdrawalTemplates.id, name: withdrawalTemplates.name })
    .from(withdrawalTemplates)
    .where(sql`${withdrawalTemplates.id} in (${sql.join(wanted.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function viewsOf(db: Db, rows: WithdrawalRow[]) {
  const names = await templateNames(db, rows.map((row) => row.templateId));
  return rows.map((row) => withdrawalView(row, row.templateId === null ? null : (names.get(row.templateId) ?? null)));
}

/** The member's withdrawals, newest first, a page at a time; status narrows them. */
export async function withdrawalPage(db: Db, userId: number, status: WithdrawalStatus | null, page: number, perPage: number) {
  const where = and(eq(withdrawals.userId, userId), status ? eq(withdrawals.status, status) : undefined);
  const [[{ total = 0 } = {}], rows] = await Promise.all([
    db.select({ total: count() }).from(withdrawals).where(where),
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  return {
    data: await viewsOf(db, rows),
    paginatorInfo: { current_page: page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)), total },
  };
}

export async function templatesOf(db: Db, userId: number) {
  const rows = await db.select().from(withdrawalTemplates).where(eq(withdrawalTemplates.userId, userId)).orderBy(asc(withdrawalTemplates.id));
  return rows.map(templateView);
}

/** Each listed wallet the member can withdraw from: its available balance, the currency's bounds and methods. */
async function withdrawalCurrencies(db: Db, userId: number) {
  const rows = await db
    .select({
      currency: wallets.currency,
      available: wallets.available,
      symbol: currencies.symbol,
      type: currencies.type,
      min: currencies.withdrawalMin,
      max: currencies.withdrawalMax,
    })
    .from(wallets)
    .innerJoin(currencies, eq(currencies.code, wallets.currency))
    .where(
      and(
        eq(wallets.userId, userId),
        notInArray(wallets.currency, [...excludedWalletCurrencies]),
        isNotNull(currencies.withdrawalMin),
        isNotNull(currencies.withdrawalMax),
      ),
    )
    .orderBy(asc(wallets.id));
  return rows.map((row) => ({
    currency: row.currency,
    symbol: row.symbol,
    type: row.type,
    available: row.available,
    min_amount: row.min!,
    max_amount: row.max!,
    methods: methodsFor(row.type),
  }));
}

/** What the request form needs: wallets with bounds, templates, and whether the member may withdraw at all. */
export async function withdrawalOptions(db: Db, user: UserRow) {
  const [list, templates, tenant] = await Promise.all([
    withdrawalCurrencies(db, user.id),
    templatesOf(db, user.id),
    findTenantById(db, user.tenantId),
  ]);
  return {
    currencies: list,
    templates,
    twofa: Boolean(user.twofaSecret),
    suspended: withdrawalSuspension(user) !== null,
    suspended_reason: withdrawalSuspension(user),
    automation: tenant ? tenantFlag(tenant, 'withdrawal_automation') : false,
    wait_days_min: withdrawalWaitDays.min,
    wait_days_max: withdrawalWaitDays.max,
  };
}

/** Cancels the member's `new` request and gives the amount back; a canceled one answers as it is. */
export async function cancelWithdrawal(db: Db, user: UserRow, id: number): Promise<WithdrawalView> {
  const rowId = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, user.id)))
      .for('update');
    if (!row) throw appError('not_found', 'Withdrawal not found.', { reason: 'WithdrawalNotFound' });
    if (row.status === 'canceled') return row.id;
    if (row.status !== 'new') throw appError('conflict', 'Only a new withdrawal can be canceled.', { reason: 'WithdrawalNotCancelable' });
    await tx.update(withdrawals).set({ status: 'canceled', canceledAt: new Date(), updatedAt: new Date() }).where(eq(withdrawals.id, row.id));
    await unlockFunds(tx, {
      userId: user.id,
      currency: row.currency,
      amount: row.amount,
      type: 'WITHDRAWAL_CANCELED',
      entryKey: `withdrawal:${row.id}:WITHDRAWAL_CANCELED`,
      note: `Withdrawal #${row.id} canceled`,
      details: { ref: String(row.id) },
    });
    return row.id;
  });
  return (await viewsOf(db, await db.select().from(withdrawals).where(eq(withdrawals.id, rowId))))[0]!;
}
