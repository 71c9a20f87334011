// The registration dialog, while the cart asks for it: the cart's flow says when (going to pay as a guest, a
// recurrent product added), so the dialog's flows start with each asking, registration and its "log in
// instead" alike, and end with the dialog. Loaded by the page frame (./shop-frame.tsx) when first asked.
import { selectRegistration } from '../../../machines/shop/cart.selectors';
import { CartContext } from '../../features/shop/shop.contexts';
import { RegistrationModal } from '../../features/auth/registration-modal';
import { LoginProvider } from '../flows/auth';
import { RegistrationProvider } from '../flows/auth-registration';

export default function GuestRegistration() {
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
