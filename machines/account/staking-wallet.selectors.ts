// What the staking wallet form reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { stakingWalletMachine } from './staking-wallet.machine';

type StakingWalletSnapshot = SnapshotFrom<typeof stakingWalletMachine>;

export const selectBusy = (s: StakingWalletSnapshot) => s.hasTag('busy');
export const selectError = (s: StakingWalletSnapshot) => s.context.error;
/** Whether this address may be saved (the flow's own rule, not the view's). */
export const selectCanSave = (address: string) => (s: StakingWalletSnapshot) => s.can({ type: 'wallet.submit', address });
