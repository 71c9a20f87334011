import { stakingWalletMachine } from '../../machines/account/staking-wallet.machine';
import type { StakingWalletEvent } from '../../machines/account/staking-wallet.types';
import { flattenFixtures, networkError, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const stakingWalletFixtures = {
  'wallet.submit': [
    { type: 'wallet.submit', address: '  0x52908400098527886E0F7030069857D2E4169EE7  ' },
    { type: 'wallet.submit', address: '0x123' },
  ],
  'xstate.done.actor.saveWallet': [{ type: 'xstate.done.actor.saveWallet', output: undefined }],
  'xstate.error.actor.saveWallet': [{ type: 'xstate.error.actor.saveWallet', error: networkError }],
} satisfies { [K in StakingWalletEvent['type']]: Extract<StakingWalletEvent, { type: K }>[] } & {
  'xstate.done.actor.saveWallet': DoneEvent<'saveWallet', void>[];
  'xstate.error.actor.saveWallet': ErrorEvent<'saveWallet'>[];
};

export const stakingWalletModel: Model<typeof stakingWalletMachine> = {
  machine: stakingWalletMachine,
  inputs: [{ label: 'staking configured', input: undefined as never }],
  events: flattenFixtures(stakingWalletFixtures),
};
