// What the upgrade dialog reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { upgradeMachine } from './upgrade.machine';

type UpgradeSnapshot = SnapshotFrom<typeof upgradeMachine>;

export const selectQuote = (s: UpgradeSnapshot) => s.context.quote;
export const selectCycle = (s: UpgradeSnapshot) => s.context.cycle;
export const selectError = (s: UpgradeSnapshot) => s.context.error;
export const selectPricing = (s: UpgradeSnapshot) => s.matches('pricing');
export const selectConfirming = (s: UpgradeSnapshot) => s.matches('checkingOut') || s.matches('paying');
export const selectPricingFailed = (s: UpgradeSnapshot) => s.matches('pricingFailed');
export const selectUnavailable = (s: UpgradeSnapshot) => s.matches('unavailable');
export const selectCanConfirm = (s: UpgradeSnapshot) => s.can({ type: 'upgrade.confirm' });
export const selectCanChangeCycle = (s: UpgradeSnapshot) => s.hasTag('editable');
