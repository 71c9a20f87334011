// The cart every page frame with a cart button carries (member layout, public store): the cart flow, its
// panel, and the registration dialog a guest gets when going to pay (or after adding a recurrent product).
// Features do not import each other: the composition root joins the shop's cart with the auth area's dialog.
import type { ReactNode } from 'react';
import { selectRegistration } from '../../../machines/shop/cart.selectors';
import { CartContext } from '../../features/shop/shop.contexts';
import { CartPanel } from '../../features/shop/cart-panel';
import { RegistrationModal } from '../../features/auth/registration-modal';
import { flowOptions } from '../../lib/flow-inspection';
import { sponsorFromCookie } from '../../lib/sponsor';
import type { TenantConfig } from '../../lib/tenant';
import { CartProvider } from '../flows/shop';
import { createLoginLogic, loginInput } from '../flows/auth';
import { createRegistrationLogic, registrationInput } from '../flows/auth-registration';

export function CartFrame({ tenant, children }: { tenant: TenantConfig; children: ReactNode }) {
  return (
    <CartProvider>
      {children}
      <CartPanel registration={<GuestRegistration tenant={tenant} />} />
    </CartProvider>
  );
}

function GuestRegistration({ tenant }: { tenant: TenantConfig }) {
  const cart = CartContext.useActorRef();
  const asked = CartContext.useSelector(selectRegistration);
  if (!asked) return null;
  return (
    <RegistrationModal
      opened
      onClose={() => cart.send({ type: 'registration.dismiss' })}
      registration={{
        logic: createRegistrationLogic(tenant),
        options: flowOptions({ input: registrationInput(tenant, sponsorFromCookie(), true) }),
      }}
      login={{ logic: createLoginLogic(tenant), options: flowOptions({ input: loginInput(tenant, 'email', true) }) }}
    />
  );
}
