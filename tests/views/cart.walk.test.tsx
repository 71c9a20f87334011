// @vitest-environment jsdom
// The cart's model paths, walked through the real cart button and panel. Adding comes from a product page,
// and the session and other flows (CART_UPDATE) speak to the cart from outside it: those events are sent
// as those parts send them. The registration dialog is the page frame's; a stand-in shows when the cart asks
// for it (its own flow has its walk).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CartEvent } from '../../machines/shop/cart.types';
import { selectCount, selectFieldError, selectLines, selectQuantityLimit, selectRegistration } from '../../machines/shop/cart.selectors';
import { CartContext } from '../../src/features/shop/shop.contexts';
import { CartButton } from '../../src/features/shop/cart-button';
import { CartPanel } from '../../src/features/shop/cart-panel';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { cartModel } from '../models/cart.model';

function RegistrationStandIn() {
  const cart = CartContext.useActorRef();
  const asked = CartContext.useSelector(selectRegistration);
  if (!asked) return null;
  return (
    <div role="dialog" aria-label="Create an account">
      <button type="button" onClick={() => cart.send({ type: 'registration.dismiss' })}>
        Not now
      </button>
    </div>
  );
}

let actor: { send: (event: CartEvent) => void } | undefined;
function CaptureActor() {
  actor = CartContext.useActorRef();
  return null;
}
const fromOutside: Gesture<CartEvent> = async (_user, event) => actor!.send(event);
const panel = () => screen.getByRole('dialog', { name: 'Cart' });

const gestures = {
  'cart.add': fromOutside,
  'line.update': async (user, event) => {
    const line = within(panel())
      .getAllByTestId('cart-line')
      .find((element) => element.querySelector('input')?.getAttribute('aria-label')?.endsWith(event.productId === 'p-ebook' ? 'Trading e-book' : 'Signals'));
    if (event.qty === 0) return user.click(within(line!).getByRole('button', { name: /^Remove / }));
    const field = within(line!).getByRole('textbox', { name: /^Quantity of / });
    // Typed and left focused, as a member types on: the field must show what the cart holds meanwhile.
    await user.clear(field);
    await user.type(field, String(event.qty));
  },
  'checkout.start': async (user) => user.click(within(panel()).getByRole('button', { name: 'Go to pay' })),
  'registration.dismiss': async (user) => user.click(screen.getByRole('button', { name: 'Not now' })),
  'merge.dismiss': async (user) => user.click(within(panel()).getByRole('button', { name: 'Dismiss' })),
  'cart.retry': async (user) => user.click(within(panel()).getByRole('button', { name: 'Try again' })),
  'panel.open': async (user) => user.click(screen.getByTestId('cart-button')),
  'panel.close': async (user) => user.click(within(panel()).getByRole('button', { name: 'Close the cart' })),
  'cart.update': fromOutside,
  'session.started': fromOutside,
  'session.ended': fromOutside,
} satisfies { [K in CartEvent['type']]: Gesture<Extract<CartEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  // The lines shown: the server's, with a line being added at once (the selectors the views read).
  const lines = selectLines(snapshot);
  const count = selectCount(snapshot);
  expect(screen.getByTestId('cart-button')).toHaveAccessibleName(count ? `Cart, ${count.toLocaleString('en')} ${count === 1 ? 'item' : 'items'}` : 'Cart');
  if (!context.panelOpen) {
    expect(screen.queryByRole('dialog', { name: 'Cart' })).toBeNull();
  } else {
    const open = panel();
    expect(open.querySelector('[aria-busy]')).toHaveAttribute('aria-busy', String(snapshot.hasTag('busy')));
    if (snapshot.matches('failed')) expect(within(open).getByRole('button', { name: 'Try again' })).toBeVisible();
    else if (lines.length > 0) {
      expect(within(open).getAllByTestId('cart-line').map((line) => line.querySelector('p')?.textContent)).toEqual(
        lines.map((line) => line.product.name),
      );
      // Each field shows the quantity typed (the server's again once an update failed); one over the limit
      // says so beside it.
      for (const line of lines) {
        const field = within(open).getByRole('textbox', { name: `Quantity of ${line.product.name}` });
        expect(field).toHaveValue(String(line.qty));
        const limit = selectQuantityLimit(line.product.id)(snapshot);
        if (limit === null) expect(field).not.toHaveAttribute('aria-invalid', 'true');
        else expect(field).toHaveAccessibleDescription(`At most ${limit} of one product`);
      }
      // Every wait shows progress: a call for the cart (an update, a fetch) beside the total, paying on Go to pay.
      const updating = within(open).queryByRole('progressbar', { name: 'Updating the cart' });
      if (snapshot.hasTag('busy') && !snapshot.hasTag('paying')) expect(updating).toBeInTheDocument();
      else expect(updating).toBeNull();
      const pay = within(open).getByRole('button', { name: 'Go to pay' });
      if (snapshot.hasTag('paying')) expect(pay).toHaveAttribute('data-loading', 'true');
      else if (snapshot.can({ type: 'checkout.start' })) expect(pay).toBeEnabled();
      else expect(pay).toBeDisabled();
    } else if (!snapshot.hasTag('busy')) expect(within(open).getByText('Your cart is empty.')).toBeVisible();
    // A call's message goes to the notifier; only a refusal that names fields is told in the panel.
    const fieldError = selectFieldError(snapshot);
    if (fieldError) expect(within(open).getByRole('alert')).toHaveTextContent(appErrorText(fieldError));
    else expect(within(open).queryByRole('alert')).toBeNull();
    if (context.merged.length > 0) {
      expect(within(open).getByRole('status')).toHaveTextContent(
        `Your cart from before you signed in was added: ${context.merged.map((line: { product: { name: string } }) => line.product.name).join(', ')}.`,
      );
    }
  }
  const registration = snapshot.matches('registering') || snapshot.matches('offeringRegistration');
  if (registration) expect(screen.getByRole('dialog', { name: 'Create an account' })).toBeInTheDocument();
  else expect(screen.queryByRole('dialog', { name: 'Create an account' })).toBeNull();
}

describe('cart panel', () => {
  for (const modelPath of modelPaths(cartModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: cartModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) =>
          renderInFlow(
            CartContext,
            <>
              <CaptureActor />
              <CartButton />
              <CartPanel />
              <RegistrationStandIn />
            </>,
            logic,
            input,
            clock,
          ),
      });
    });
  }
});
