// What the ROI calculator reads of its flow: the inputs, and the estimate the server's rule gives for them.
import type { SnapshotFrom } from 'xstate';
import { investSchedule, planTotals } from '../../domain/investments';
import type { roiCalculatorMachine } from './roi-calculator.machine';
import { estimateInputs } from './roi-calculator.schema';

type RoiCalculatorSnapshot = SnapshotFrom<typeof roiCalculatorMachine>;

export const selectAmount = (s: RoiCalculatorSnapshot) => s.context.amount;
export const selectPlanId = (s: RoiCalculatorSnapshot) => s.context.plan?.id ?? null;
export const selectManual = (s: RoiCalculatorSnapshot) => s.context.manual;

/**
 * The estimate for the amount and terms (null while something is missing): every period's row (profit,
 * accrued, paid out, what stopping right after it pays), the total profit, the final amount and the penalty.
 */
export function selectEstimate(s: RoiCalculatorSnapshot) {
  const inputs = estimateInputs(s.context);
  if (!inputs) return null;
  return {
    amount: inputs.amount,
    terms: inputs.terms,
    planId: s.context.plan?.id ?? null,
    currency: s.context.plan?.currency ?? null,
    rows: investSchedule(inputs.amount, inputs.terms),
    ...planTotals(inputs.amount, inputs.terms),
  };
}
