// One actor context per two-factor flow; the security page hands in the provided logic.
import { createActorContext } from '@xstate/react';
import { twoFactorActivationMachine } from '../../../machines/two-factor/two-factor-activation.machine';
import { twoFactorDeactivationMachine } from '../../../machines/two-factor/two-factor-deactivation.machine';

export const ActivationContext = createActorContext(twoFactorActivationMachine);
export const DeactivationContext = createActorContext(twoFactorDeactivationMachine);
