// The tariffs area's flows: buying a tariff (one per tariffs page), the upgrade dialog and the subscription
// modal (one per opening: the provider is keyed by what it opens for).
import { createActorContext } from '@xstate/react';
import { checkoutMachine } from '../../../machines/tariffs/tariff-checkout.machine';
import { upgradeMachine } from '../../../machines/tariffs/upgrade.machine';
import { subscriptionMachine } from '../../../machines/tariffs/subscription.machine';

export const CheckoutContext = createActorContext(checkoutMachine);
export const UpgradeContext = createActorContext(upgradeMachine);
export const SubscriptionContext = createActorContext(subscriptionMachine);
