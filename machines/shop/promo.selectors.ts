// What the promo input and the cart's discount line read of the promo flow.
import type { SnapshotFrom } from 'xstate';
import type { promoMachine } from './promo.machine';

type PromoSnapshot = SnapshotFrom<typeof promoMachine>;

export const selectCode = (s: PromoSnapshot) => s.context.code;
export const selectApplied = (s: PromoSnapshot) => s.context.applied;
export const selectError = (s: PromoSnapshot) => s.context.error;
export const selectChecking = (s: PromoSnapshot) => s.hasTag('busy');
/** Apply shows only when something (not just spaces) is typed (spec §5 "Promo input"). */
export const selectCanApply = (s: PromoSnapshot) => s.can({ type: 'promo.apply' });
