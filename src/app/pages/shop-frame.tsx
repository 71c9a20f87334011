// The cart every page frame with a cart button carries (member layout, public store): the cart flow, its
// panel, and the registration dialog a guest gets when going to pay (or after adding a recurrent product).
// Features do not import each other: the composition root joins the shop's cart with the auth area's dialog.
// The panel's and the dialog's code (drawer, focus trap, scroll lock, quantity steppers, the promo and
// registration flows) is no part of the page's first load: it loads when the cart first opens or asks for the
// dialog (the cart button fetches the panel's code as soon as the pointer or the focus is on it).
import { lazy, type ReactNode } from 'react';
import { selectPanelOpen, selectRegistration } from '../../../machines/shop/cart.selectors';
import { CartContext } from '../../features/shop/shop.contexts';
import { loadCartPanel } from '../../features/shop/cart-panel-code';
import { LazyOverlay } from '../../components/lazy-overlay';
import { CartProvider } from '../flows/shop';

const CartPanel = lazy(() => loadCartPanel().then((module) => ({ default: module.CartPanel })));
const GuestRegistration = lazy(() => import('./guest-registration'));

export function CartFrame({ children }: { children: ReactNode }) {
  return (
    <CartProvider>
      {children}
      <CartOverlays />
    </CartProvider>
  );
}

function CartOverlays() {
  const opened = CartContext.useSelector(selectPanelOpen);
  const asked = CartContext.useSelector(selectRegistration);
  return (
    <>
      <LazyOverlay opened={opened}>
        <CartPanel />
      </LazyOverlay>
      <LazyOverlay opened={asked !== null}>
        <GuestRegistration />
      </LazyOverlay>
    </>
  );
}
