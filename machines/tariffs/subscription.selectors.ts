// What the subscription modal reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { subscriptionMachine } from './subscription.machine';

type SubscriptionSnapshot = SnapshotFrom<typeof subscriptionMachine>;

export const selectType = (s: SubscriptionSnapshot) => s.context.type;
export const selectPeriod = (s: SubscriptionSnapshot) => s.context.period;
export const selectError = (s: SubscriptionSnapshot) => s.context.error;
/** The modal is open. */
export const selectOpen = (s: SubscriptionSnapshot) => s.matches('open');
/** The invoice is being made, or made and opening. */
export const selectBusy = (s: SubscriptionSnapshot) => s.hasTag('busy');
export const selectEditable = (s: SubscriptionSnapshot) => s.hasTag('editable');
