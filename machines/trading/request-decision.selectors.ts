// What a pending request's row on /investors reads of its decision.
import type { SnapshotFrom } from 'xstate';
import type { requestDecisionMachine } from './request-decision.machine';

type RequestDecisionSnapshot = SnapshotFrom<typeof requestDecisionMachine>;

export type DecisionStep = 'idle' | 'declining' | 'accepting' | 'decided' | 'alreadyDecided';
export function selectStep(s: RequestDecisionSnapshot): DecisionStep {
  if (s.matches('sendingDecline')) return 'declining';
  return s.value as DecisionStep;
}
export const selectBusy = (s: RequestDecisionSnapshot) => s.hasTag('busy');
export const selectReason = (s: RequestDecisionSnapshot) => s.context.reason;
export const selectReasonError = (s: RequestDecisionSnapshot) => s.context.reasonError;
export const selectRefusal = (s: RequestDecisionSnapshot) => s.context.refusal;
/** accepted or declined, once decided. */
export const selectDecision = (s: RequestDecisionSnapshot) => (s.context.decided ? (s.context.decided.status === 'declined' ? 'declined' : 'accepted') : null);
