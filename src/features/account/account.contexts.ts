// One actor context per flow of the account area; the providers in src/app/flows/account.ts run each.
import { createActorContext } from '@xstate/react';
import { profileMachine } from '../../../machines/account/profile.machine';
import { avatarMachine } from '../../../machines/account/avatar.machine';
import { stakingWalletMachine } from '../../../machines/account/staking-wallet.machine';
import { twoFactorActivationMachine } from '../../../machines/account/two-factor-activation.machine';
import { twoFactorDeactivationMachine } from '../../../machines/account/two-factor-deactivation.machine';
import { recoveryCodesMachine } from '../../../machines/account/recovery-codes.machine';

export const ProfileContext = createActorContext(profileMachine);
export const AvatarContext = createActorContext(avatarMachine);
export const StakingWalletContext = createActorContext(stakingWalletMachine);
export const ActivationContext = createActorContext(twoFactorActivationMachine);
export const DeactivationContext = createActorContext(twoFactorDeactivationMachine);
export const RecoveryCodesContext = createActorContext(recoveryCodesMachine);
