// What the withdrawal page reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { withdrawalMachine } from './withdrawal.machine';
import type { AppError } from '../../domain/app-error';
import type { WithdrawalField, WithdrawalFieldErrors } from './withdrawal.schema';

type WithdrawalSnapshot = SnapshotFrom<typeof withdrawalMachine>;

export const selectSuspended = (s: WithdrawalSnapshot) => s.matches('suspended');
export const selectTwoFactorOff = (s: WithdrawalSnapshot) => s.matches('twoFactorOff');
export const selectShowsForm = (s: WithdrawalSnapshot) => s.matches('editing') || s.matches('submitting');
export const selectBusy = (s: WithdrawalSnapshot) => s.hasTag('busy');
export const selectRequested = (s: WithdrawalSnapshot) => (s.matches('requested') ? s.context.requested : null);
export const selectError = (s: WithdrawalSnapshot) => s.context.error;
export const selectFieldErrors = (s: WithdrawalSnapshot) => s.context.fieldErrors;

/** The code of a field: the form's own rule, else what the server said of it (codes, contract names mapped). */
export const fieldCode = (fieldErrors: WithdrawalFieldErrors, error: AppError | null, field: WithdrawalField): string | null =>
  fieldErrors[field] ?? error?.fieldCodes?.[contractFields[field]]?.[0] ?? null;

/** Form field → the contract's field (WithdrawalRequestInput), for the server's field codes. */
export const contractFields: Record<WithdrawalField, string> = {
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
