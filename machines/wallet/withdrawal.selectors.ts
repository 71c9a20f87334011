// What the withdrawal page reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { withdrawalMachine } from './withdrawal.machine';
import type { AppError } from '../../domain/app-error';
import { withdrawalContractFields, type WithdrawalField } from '../../domain/withdrawal-fields';
import type { WithdrawalFieldErrors } from './withdrawal.schema';

type WithdrawalSnapshot = SnapshotFrom<typeof withdrawalMachine>;

export const selectSuspended = (s: WithdrawalSnapshot) => s.matches('suspended');
/** Why (null when suspended meanwhile: the server said only that they are). */
export const selectSuspendedReason = (s: WithdrawalSnapshot) => s.context.setup.suspendedReason;
export const selectTwoFactorOff = (s: WithdrawalSnapshot) => s.matches('twoFactorOff');
export const selectShowsForm = (s: WithdrawalSnapshot) => s.matches('editing') || s.matches('submitting');
export const selectBusy = (s: WithdrawalSnapshot) => s.hasTag('busy');
export const selectRequested = (s: WithdrawalSnapshot) => (s.matches('requested') ? s.context.requested : null);
export const selectError = (s: WithdrawalSnapshot) => s.context.error;
export const selectFieldErrors = (s: WithdrawalSnapshot) => s.context.fieldErrors;

/** The code of a field: the form's own rule, else what the server said of it (codes, contract names mapped). */
export const fieldCode = (fieldErrors: WithdrawalFieldErrors, error: AppError | null, field: WithdrawalField): string | null =>
  fieldErrors[field] ?? error?.fieldCodes?.[withdrawalContractFields[field]]?.[0] ?? null;
