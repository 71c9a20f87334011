// What the tariffs page reads of the buying flow.
import type { SnapshotFrom } from 'xstate';
import type { checkoutMachine } from './tariff-checkout.machine';

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

export const selectBusy = (s: CheckoutSnapshot) => s.hasTag('busy') || s.status === 'done';
/** The tariff whose Buy is in progress (its button shows the loader). */
export const selectBuyingProductId = (s: CheckoutSnapshot) => (s.hasTag('busy') || s.status === 'done' ? s.context.productId : null);
export const selectError = (s: CheckoutSnapshot) => s.context.error;
/** The lower tariff waiting for the member's confirmation (null when none is). */
export const selectDowngradeProductId = (s: CheckoutSnapshot) => (s.matches('confirmingDowngrade') ? s.context.productId : null);
