// What the cart button, the cart panel and the product pages read of the cart flow.
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { cartMachine } from './cart.machine';
import { withDrafts, withPendingLine } from './cart.machine';
import { cartQty } from '../../domain/limits';
import type { promoMachine } from './promo.machine';
import { cartTotal, discountAmount, totalAfterDiscount } from './totals';

type CartSnapshot = SnapshotFrom<typeof cartMachine>;

/**
 * The lines shown: the server's, with a line being added shown at once, and typed quantities over them (the
 * member types the quantity the field shows, the add included, so the typed figure is the line's quantity).
 */
export const selectLines = (s: CartSnapshot) => withDrafts(withPendingLine(s.context.lines, s.context.pendingLine), s.context.drafts);
/** A line's typed quantity over the limit (explained beside its field, not sent): the limit, else null. */
export const selectQuantityLimit = (productId: string) => (s: CartSnapshot) =>
  s.context.drafts.some((draft) => draft.productId === productId && draft.qty > cartQty.max) ? cartQty.max : null;
/** Items in the cart (the header's count): the sum of the quantities. */
export const selectCount = (s: CartSnapshot) => selectLines(s).reduce((count, line) => count + line.qty, 0);
export const selectTotal = (s: CartSnapshot) => cartTotal(selectLines(s));
export const selectCurrency = (s: CartSnapshot) => selectLines(s)[0]?.product.currency ?? 'USDT';
export const selectPanelOpen = (s: CartSnapshot) => s.context.panelOpen;
export const selectBusy = (s: CartSnapshot) => s.hasTag('busy');
export const selectPaying = (s: CartSnapshot) => s.hasTag('paying');
/** A call for the cart is on its way (a quantity sent, the cart fetched), other than paying (shown on Go to pay). */
export const selectUpdating = (s: CartSnapshot) => s.hasTag('busy') && !s.hasTag('paying');
export const selectError = (s: CartSnapshot) => s.context.error;
/** An error that only names fields (the notifier leaves those to be told beside their fields). */
export const selectFieldError = (s: CartSnapshot) => {
  const { error } = s.context;
  return error?.code === 'validation' && error.fields && Object.keys(error.fields).length > 0 ? error : null;
};
export const selectFailed = (s: CartSnapshot) => s.matches('failed');
export const selectCanCheckout = (s: CartSnapshot) => s.can({ type: 'checkout.start' });
export const selectLoggedIn = (s: CartSnapshot) => s.context.loggedIn;
/** The registration dialog: a guest going to pay, or offered it after adding a recurrent product. */
export const selectRegistration = (s: CartSnapshot): 'toPay' | 'offered' | null =>
  s.matches('registering') ? 'toPay' : s.matches('offeringRegistration') ? 'offered' : null;
/** What a merge of the guest's cart brought in (to tell the member), until dismissed. */
export const selectMerged = (s: CartSnapshot) => s.context.merged;
export const selectPromo = (s: CartSnapshot) => s.children.promo as ActorRefFrom<typeof promoMachine> | undefined;

/** The discount line and the total to pay, given the promo flow's applied code. */
export function totalsWithPromo(total: string, applied: { discount: string; discountType: 'units' | 'percent' } | null) {
  return { discount: applied ? discountAmount(total, applied) : null, toPay: totalAfterDiscount(total, applied) };
}
