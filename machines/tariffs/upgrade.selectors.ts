// What the upgrade dialog reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { upgradeMachine } from './upgrade.machine';

type UpgradeSnapshot = SnapshotFrom<typeof upgradeMachine>;

export const selectQuote = (s: UpgradeSnapshot) => s.context.quote;
export const selectCycle = (s: UpgradeSnapshot) => s.context.cycle;
export const selectError = (s: UpgradeSnapshot) => s.context.error;
/** The dialog is open. */
export const selectOpen = (s: UpgradeSnapshot) => s.matches('open');
export const selectPricing = (s: UpgradeSnapshot) => s.matches({ open: 'pricing' });
export const selectConfirming = (s: UpgradeSnapshot) => s.matches({ open: 'checkingOut' }) || s.matches({ open: 'paying' });
export const selectPricingFailed = (s: UpgradeSnapshot) => s.matches({ open: 'pricingFailed' });
export const selectUnavailable = (s: UpgradeSnapshot) => s.matches({ open: 'unavailable' });
export const selectCanConfirm = (s: UpgradeSnapshot) => s.can({ type: 'upgrade.confirm' });
export const selectCanChangeCycle = (s: UpgradeSnapshot) => s.hasTag('editable');
