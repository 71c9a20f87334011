// What the Activate dialog reads of its flow.
import type { SnapshotFrom } from 'xstate';
import { planTotals } from '../../domain/investments';
import type { investActivateMachine } from './invest-activate.machine';
import { activateAmountError, sentAmount } from './invest-activate.schema';

type InvestActivateSnapshot = SnapshotFrom<typeof investActivateMachine>;

export const selectOpen = (s: InvestActivateSnapshot) => s.matches('open');
export const selectPlan = (s: InvestActivateSnapshot) => s.context.plan;
export const selectAmount = (s: InvestActivateSnapshot) => s.context.amount;
export const selectAmountError = (s: InvestActivateSnapshot) => s.context.amountError;
export const selectError = (s: InvestActivateSnapshot) => s.context.error;
export const selectEditing = (s: InvestActivateSnapshot) => s.matches({ open: 'editing' });
export const selectConfirming = (s: InvestActivateSnapshot) => s.matches({ open: 'confirming' }) || s.matches({ open: 'activating' });
export const selectBusy = (s: InvestActivateSnapshot) => s.hasTag('busy');
export const selectActivated = (s: InvestActivateSnapshot) => (s.matches({ open: 'activated' }) ? s.context.activated : null);
/** What the plan pays at its term for the typed amount (null while the amount is not one the plan takes). */
export const selectFinalAmount = (s: InvestActivateSnapshot) => {
  const { plan, amount } = s.context;
  if (!plan || activateAmountError(amount, plan) !== null) return null;
  return planTotals(sentAmount(amount), plan).finalAmount;
};
