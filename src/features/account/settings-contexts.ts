// One actor context per flow of the profile page; the page hands in the provided logic.
import { createActorContext } from '@xstate/react';
import { profileMachine } from '../../../machines/profile/profile.machine';
import { avatarMachine } from '../../../machines/profile/avatar.machine';
import { stakingWalletMachine } from '../../../machines/staking-wallet/staking-wallet.machine';

export const ProfileContext = createActorContext(profileMachine);
export const AvatarContext = createActorContext(avatarMachine);
export const StakingWalletContext = createActorContext(stakingWalletMachine);
