// The cart every page frame with a cart button carries (member layout, public store): the cart flow, its
// panel, and the registration dialog a guest gets when going to pay (or after adding a recurrent product).
// Features do not import each other: the composition root joins the shop's cart with the auth area's dialog.
import type { ReactNode } from 'react';
import { selectRegistration } from '../../../machines/shop/cart.selectors';
import { CartContext } from '../../features/shop/shop.contexts';
import { CartPanel } from '../../features/shop/cart-panel';
import { RegistrationModal } from '../../features/auth/registration-modal';
import { CartProvider } from '../flows/shop';
import { LoginProvider } from '../flows/auth';
import { RegistrationProvider } from '../flows/auth-registration';

export function CartFrame({ children }: { children: ReactNode }) {
  return (
    <CartProvider>
      {children}
      <CartPanel registration={<GuestRegistration />} />
    </CartProvider>
  );
}

/**
 * The registration dialog, while the cart asks for it: the cart's flow says when (going to pay as a guest, a
 * recurrent product added), so the dialog's flows start with each asking, registration and its "log in
 * instead" alike, and end with the dialog.
 */
function GuestRegistration() {
  const cart = CartContext.useActorRef();
  const asked = CartContext.useSelector(selectRegistration);
  if (!asked) return null;
  return (
    <RegistrationProvider inDialog>
      <LoginProvider inDialog>
        <RegistrationModal opened onClose={() => cart.send({ type: 'registration.dismiss' })} />
      </LoginProvider>
    </RegistrationProvider>
  );
}
