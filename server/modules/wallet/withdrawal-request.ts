// Requesting a withdrawal (spec §5 rules, §6 "withdrawal requires 2FA"). A request runs in one transaction
// that locks the member's row: a repeated idempotency key answers the first request; suspended members and
// members without two-factor are refused; the two-factor code is accepted once (its time step is spent); the
// amount must lie within the currency's bounds and is moved from available to locked by one conditional update
// with its WITHDRAWAL ledger row.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../context';
import { appError, validationError } from '../../errors';
import { LimitReached, reserve, type Reservation } from '../../security/rate-limit';
import { tooManyAttempts } from '../../security/throttle';
import { checkTotp, isReplayedTotp } from '../../security/totp';
import { excludedWalletCurrencies, maxSignInFailuresPerAccount } from '../../../domain/limits';
import { signInWindow } from '../../../domain/timing';
import type { WithdrawalMethod, WithdrawalStatus } from '../../../domain/ledger';
import { cents } from '../../../domain/money';
import { blankWithdrawalDetails, withdrawalContractFields, type WithdrawalSuspension } from '../../../domain/withdrawal-fields';
import { normalizeBic, normalizeIban } from '../../../machines/wallet/bank-details';
import {
  detailsErrors,
  withdrawalErrors,
  type WithdrawalDetailsValues,
  type WithdrawalField,
  type WithdrawalFormValues,
} from '../../../machines/wallet/withdrawal.schema';
import { users } from '../account/tables';
import { findTenantById, tenantFlag } from '../shell/service';
import { lockFunds } from './ledger';
import { currencies, wallets, withdrawals, withdrawalTemplates, type WithdrawalDetails } from './tables';
import { methodsFor, viewsOf, withdrawalSuspension, type WithdrawalView } from './withdrawals';

type TemplateRow = typeof withdrawalTemplates.$inferSelect;

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

const suspendedTexts: Record<WithdrawalSuspension, string> = {
  account: 'Withdrawals are suspended because your account is suspended.',
  overdue_invoices: 'Withdrawals are suspended because of overdue invoices.',
  external_transactions: 'Withdrawals are suspended: transfers out of your account are on hold.',
};
/** Refuses a withdrawal while they are suspended, saying why. */
function refuseIfSuspended(user: Parameters<typeof withdrawalSuspension>[0]) {
  const why = withdrawalSuspension(user);
  if (why) throw appError('forbidden', suspendedTexts[why], { reason: 'WithdrawalsSuspended' });
}
const twoFaRequired = () =>
  appError('forbidden', 'Turn on two-factor authentication to withdraw.', { reason: 'TwoFaRequired' });
const wrongCode = () =>
  appError('validation', 'Incorrect verification code. The code must be 6 characters.', {
    reason: 'TwoFaCodeError',
    fields: { twofa_verification_code: ['Incorrect verification code. The code must be 6 characters.'] },
    codes: { twofa_verification_code: ['code'] },
  });

const usedCode = () =>
  appError('validation', 'This code was already used. Wait for the next code in your authenticator app.', {
    reason: 'TwoFaCodeError',
    fields: { twofa_verification_code: ['This code was already used. Wait for the next code in your authenticator app.'] },
    codes: { twofa_verification_code: ['codeUsed'] },
  });

class WrongTotp extends Error {}

/**
 * requestWithdrawal: see the header. Wrong two-factor codes count against the member's code limit (the one
 * regenerateRecoveryCodes uses), so the code cannot be guessed.
 */
export async function requestWithdrawal(db: Db, user: UserRow, input: WithdrawalRequest, key: string | null): Promise<WithdrawalView> {
  refuseIfSuspended(user);
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
      refuseIfSuspended(member);
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
    throw validationError(Object.fromEntries(Object.entries(errors).map(([field, code]) => [withdrawalContractFields[field as WithdrawalField], [code]])));
  }
  // The two-factor code, accepted once: its time step is spent on the locked row.
  const step = checkTotp(member.twofaSecret!, values.code, member.twofaLastStep);
  // A replay of the right code is no guess: refused as used, it does not count toward the lockout.
  if (step === null && isReplayedTotp(member.twofaSecret!, values.code, member.twofaLastStep)) throw usedCode();
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
  const amount = cents(values.amount.trim());
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
    details: { ref: String(row!.id) },
  });
  if (!locked) throw appError('conflict', 'Insufficient balance.', { reason: 'InsufficientBalance' });
  return row!.id;
}

const templateValues = (details: WithdrawalDetails): WithdrawalDetailsValues => ({
  ...blankWithdrawalDetails,
  ...Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined)),
  method: details.method,
});
