// Withdrawals (spec §4 statuses, §5 rules, §6 "withdrawals ... may be suspended for overdue invoices;
// withdrawal requires 2FA", §9 "withdrawals 1-3 working days"). A request runs in one transaction that locks
// the member's row: a repeated idempotency key answers the first request; suspended members and members
// without two-factor are refused; the two-factor code is accepted once (its time step is spent); the amount
// must lie within the currency's bounds and is moved from available to locked by one conditional update with
// its WITHDRAWAL ledger row. Canceling a `new` request gives the amount back (WITHDRAWAL_CANCELED), once.
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../context';
import { appError, validationError } from '../../errors';
import { LimitReached, reserve, type Reservation } from '../../security/rate-limit';
import { tooManyAttempts } from '../../security/throttle';
import { checkTotp } from '../../security/totp';
import { excludedWalletCurrencies, maxSignInFailuresPerAccount, withdrawalWaitDays } from '../../../domain/limits';
import { signInWindow } from '../../../domain/timing';
import type { WithdrawalMethod, WithdrawalStatus } from '../../../domain/ledger';
import { toFixed } from '../../../domain/money';
import { maskDestination, normalizeBic, normalizeIban } from '../../../machines/wallet/bank-details';
import {
  detailsErrors,
  withdrawalErrors,
  type WithdrawalDetailsValues,
  type WithdrawalField,
  type WithdrawalFormValues,
} from '../../../machines/wallet/withdrawal.schema';
import { users } from '../account/tables';
import { findTenantById, tenantFlag } from '../shell/service';
import { lockFunds, unlockFunds } from './ledger';
import { currencies, wallets, withdrawals, withdrawalTemplates, type WithdrawalDetails } from './tables';

type WithdrawalRow = typeof withdrawals.$inferSelect;
type TemplateRow = typeof withdrawalTemplates.$inferSelect;

/** Payout methods a currency offers: crypto for crypto currencies, IBAN and SWIFT for fiat ones. */
export const methodsFor = (type: string): WithdrawalMethod[] => (type === 'crypto' ? ['crypto'] : ['iban', 'swift']);

/** Withdrawals are suspended while the member has overdue invoices or external transactions are suspended. */
export const withdrawalsSuspended = (user: Pick<UserRow, 'overdueTraderFeeInvoices' | 'externalTransactionsSuspendedAt'>) =>
  user.overdueTraderFeeInvoices > 0 || user.externalTransactionsSuspendedAt !== null;

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

async function viewsOf(db: Db, rows: WithdrawalRow[]) {
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
    suspended: withdrawalsSuspended(user),
    automation: tenant ? tenantFlag(tenant, 'withdrawal_automation') : false,
    wait_days_min: withdrawalWaitDays.min,
    wait_days_max: withdrawalWaitDays.max,
  };
}

// ---------------------------------------------------------------- requesting

/** The request as the contract sends it (WithdrawalRequestInput), trimmed. */
export interface WithdrawalRequest {
  currency: string;
  amount: string;
  template_id: string | null;
  method: WithdrawalMethod | null;
  network: string | null;
  address: string | null;
  holder_name: string | null;
  iban: string | null;
  bic: string | null;
  tax_id: string | null;
  swift: string | null;
  account_number: string | null;
  bank_name: string | null;
  save_template_name: string | null;
  confirm_wallet_access: boolean;
  twofa_verification_code: string;
}

/** Form field → contract field, so errors name what the client sent. */
const contractField: Record<WithdrawalField, string> = {
  currency: 'currency',
  amount: 'amount',
  templateId: 'template_id',
  method: 'method',
  network: 'network',
  address: 'address',
  holderName: 'holder_name',
  iban: 'iban',
  bic: 'bic',
  taxId: 'tax_id',
  swift: 'swift',
  accountNumber: 'account_number',
  bankName: 'bank_name',
  saveTemplate: 'save_template_name',
  templateName: 'save_template_name',
  confirmAccess: 'confirm_wallet_access',
  code: 'twofa_verification_code',
};

const formValues = (input: WithdrawalRequest): WithdrawalFormValues => ({
  currency: input.currency,
  amount: input.amount,
  templateId: input.template_id,
  method: input.method ?? 'crypto',
  network: input.network ?? '',
  address: input.address ?? '',
  holderName: input.holder_name ?? '',
  iban: input.iban ?? '',
  bic: input.bic ?? '',
  taxId: input.tax_id ?? '',
  swift: input.swift ?? '',
  accountNumber: input.account_number ?? '',
  bankName: input.bank_name ?? '',
  saveTemplate: Boolean(input.save_template_name),
  templateName: input.save_template_name ?? '',
  confirmAccess: input.confirm_wallet_access,
  code: input.twofa_verification_code,
});

/** The details worth keeping for the method (nothing of another method's fields), normalised. */
function detailsOf(values: WithdrawalDetailsValues): WithdrawalDetails {
  switch (values.method) {
    case 'crypto':
      return { method: 'crypto', network: values.network, address: values.address.trim() };
    case 'iban':
      return {
        method: 'iban',
        holderName: values.holderName.trim(),
        iban: normalizeIban(values.iban),
        ...(values.bic.trim() ? { bic: normalizeBic(values.bic) } : {}),
        ...(values.taxId.trim() ? { taxId: values.taxId.trim() } : {}),
      };
    case 'swift':
      return {
        method: 'swift',
        holderName: values.holderName.trim(),
        swift: normalizeBic(values.swift),
        accountNumber: values.accountNumber.trim(),
        bankName: values.bankName.trim(),
      };
  }
}

const suspendedError = () =>
  appError('forbidden', 'Withdrawals are suspended because of overdue invoices.', { reason: 'WithdrawalsSuspended' });
const twoFaRequired = () =>
  appError('forbidden', 'Turn on two-factor authentication to withdraw.', { reason: 'TwoFaRequired' });
const wrongCode = () =>
  appError('validation', 'Incorrect verification code. The code must be 6 characters.', {
    reason: 'TwoFaCodeError',
    fields: { twofa_verification_code: ['Incorrect verification code. The code must be 6 characters.'] },
  });

class WrongTotp extends Error {}

/**
 * requestWithdrawal: see the header. Wrong two-factor codes count against the member's code limit (the one
 * regenerateRecoveryCodes uses), so the code cannot be guessed.
 */
export async function requestWithdrawal(db: Db, user: UserRow, input: WithdrawalRequest, key: string | null): Promise<WithdrawalView> {
  if (withdrawalsSuspended(user)) throw suspendedError();
  if (!user.twofaSecret) throw twoFaRequired();
  const requestHash = createHash('sha256')
    .update(JSON.stringify({ ...input, twofa_verification_code: undefined }))
    .digest('hex');
  let slot: Reservation;
  try {
    slot = await reserve(db, [{ key: `totp:member:${user.id}`, max: maxSignInFailuresPerAccount, windowMs: signInWindow }]);
  } catch (error) {
    if (error instanceof LimitReached) throw tooManyAttempts(error.retryAfterSeconds);
    throw error;
  }
  try {
    const id = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      // The member's row, locked: requests of one member run one after another (keys, code steps, balance).
      const [member] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
      if (!member) throw appError('authentication', 'Unauthenticated.');
      if (key) {
        const [first] = await tx
          .select()
          .from(withdrawals)
          .where(and(eq(withdrawals.userId, member.id), eq(withdrawals.idempotencyKey, key)));
        if (first) {
          if (first.requestHash !== requestHash) {
            throw appError('conflict', 'This idempotency key was used for another request.', { reason: 'IdempotencyKeyReused' });
          }
          return first.id;
        }
      }
      if (withdrawalsSuspended(member)) throw suspendedError();
      if (!member.twofaSecret) throw twoFaRequired();
      return makeRequest(tx, member, input, key, requestHash);
    });
    return (await viewsOf(db, await db.select().from(withdrawals).where(eq(withdrawals.id, id))))[0]!;
  } catch (error) {
    if (error instanceof WrongTotp) {
      await slot.fail();
      throw wrongCode();
    }
    throw error;
  } finally {
    await slot.release();
  }
}

async function makeRequest(tx: Db, member: UserRow, input: WithdrawalRequest, key: string | null, requestHash: string): Promise<number> {
  const values = formValues(input);
  const [currency] = await tx.select().from(currencies).where(eq(currencies.code, values.currency));
  const [wallet] = await tx
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, member.id), eq(wallets.currency, values.currency)));
  if (!currency || !wallet || currency.withdrawalMin === null || currency.withdrawalMax === null || excludedWalletCurrencies.includes(currency.code as never)) {
    throw validationError({ currency: ['unknownCurrency'] });
  }
  let template: TemplateRow | undefined;
  if (values.templateId !== null) {
    [template] = /^\d{1,9}$/.test(values.templateId)
      ? await tx
          .select()
          .from(withdrawalTemplates)
          .where(and(eq(withdrawalTemplates.id, Number(input.template_id)), eq(withdrawalTemplates.userId, member.id)))
      : [];
    if (!template) throw validationError({ template_id: ['unknownTemplate'] });
  }
  const methods = methodsFor(currency.type);
  // The form's rules; the balance is checked by the debit itself (below), under its lock.
  const errors = withdrawalErrors(values, {
    currency: currency.code,
    min: currency.withdrawalMin,
    max: currency.withdrawalMax,
    available: wallet.available,
    methods,
  });
  delete errors.code;
  if (template) {
    if (!methods.includes(template.method)) errors.templateId = 'templateMethod';
    else Object.assign(errors, detailsErrors(templateValues(template.details)));
  }
  if (errors.amount === 'exceedsAvailable') delete errors.amount;
  if (Object.keys(errors).length) {
    throw validationError(Object.fromEntries(Object.entries(errors).map(([field, code]) => [contractField[field as WithdrawalField], [code]])));
  }
  // The two-factor code, accepted once: its time step is spent on the locked row.
  const step = checkTotp(member.twofaSecret!, values.code, member.twofaLastStep);
  if (step === null) throw new WrongTotp();
  await tx.update(users).set({ twofaLastStep: step }).where(eq(users.id, member.id));

  const details = template ? template.details : detailsOf(values);
  let templateId = template?.id ?? null;
  if (!template && values.saveTemplate) {
    const name = values.templateName.trim();
    const [saved] = await tx
      .insert(withdrawalTemplates)
      .values({ userId: member.id, name, method: details.method, details })
      .onConflictDoNothing()
      .returning({ id: withdrawalTemplates.id });
    if (!saved) throw validationError({ save_template_name: ['templateNameTaken'] });
    templateId = saved.id;
  }
  const tenant = await findTenantById(tx, member.tenantId);
  const status: WithdrawalStatus = tenant && tenantFlag(tenant, 'withdrawal_automation') ? 'requested' : 'new';
  const amount = toFixed(values.amount.trim(), 2);
  const [row] = await tx
    .insert(withdrawals)
    .values({
      userId: member.id,
      walletId: wallet.id,
      currency: currency.code,
      amount,
      status,
      method: details.method,
      details,
      templateId,
      idempotencyKey: key,
      requestHash,
    })
    .returning({ id: withdrawals.id });
  const locked = await lockFunds(tx, {
    userId: member.id,
    currency: currency.code,
    amount,
    type: 'WITHDRAWAL',
    entryKey: `withdrawal:${row!.id}:WITHDRAWAL`,
    note: `Withdrawal #${row!.id}`,
  });
  if (!locked) throw appError('conflict', 'Insufficient balance.', { reason: 'InsufficientBalance' });
  return row!.id;
}

const emptyDetails: Omit<WithdrawalDetailsValues, 'method'> = {
  network: '',
  address: '',
  holderName: '',
  iban: '',
  bic: '',
  taxId: '',
  swift: '',
  accountNumber: '',
  bankName: '',
};

const templateValues = (details: WithdrawalDetails): WithdrawalDetailsValues => ({
  ...emptyDetails,
  ...Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined)),
  method: details.method,
});

// ---------------------------------------------------------------- canceling

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
    });
    return row.id;
  });
  return (await viewsOf(db, await db.select().from(withdrawals).where(eq(withdrawals.id, rowId))))[0]!;
}
