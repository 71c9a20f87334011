// @vitest-environment jsdom
// The phone cart sheet (spec §2 "Cart": a bottom sheet with swipe up/down; issue 33): a grab bar at its top
// that is a button too, so keyboards and screen readers can do what a swipe does.
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartSheet } from '../../src/features/shop/cart-sheet';
import { renderView } from '../support/render';

function Sheet({ small, onClose = () => {} }: { small: boolean; onClose?: () => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <CartSheet
        opened={opened}
        small={small}
        onClose={() => {
          onClose();
          setOpened(false);
        }}
      >
        <p>Lines</p>
      </CartSheet>
    </>
  );
}

const sheet = () => screen.getByRole('dialog', { name: 'Cart' });
const swipe = (element: Element, from: number, to: number) => {
  fireEvent.touchStart(element, { touches: [{ clientX: 100, clientY: from }], changedTouches: [{ clientX: 100, clientY: from }] });
  fireEvent.touchEnd(element, { touches: [], changedTouches: [{ clientX: 100, clientY: to }] });
};

describe('the cart sheet on a phone', () => {
  it('has a grab bar that is a button: it expands the sheet and shrinks it again', async () => {
    const user = userEvent.setup();
    renderView(<Sheet small />);
    await screen.findByRole('dialog', { name: 'Cart' });
    const handle = within(sheet()).getByRole('button', { name: 'Expand the cart' });
    expect(handle).toHaveAttribute('data-testid', 'cart-sheet-handle');
    await user.click(handle);
    expect(within(sheet()).getByRole('button', { name: 'Shrink the cart' })).toBeInTheDocument();
    expect(sheet()).toHaveAttribute('data-expanded', 'true');
    // The keyboard does it as well.
    within(sheet()).getByRole('button', { name: 'Shrink the cart' }).focus();
    await user.keyboard('{Enter}');
    expect(within(sheet()).getByRole('button', { name: 'Expand the cart' })).toBeInTheDocument();
    expect(sheet()).toHaveAttribute('data-expanded', 'false');
    // The close button stays beside the title.
    expect(within(sheet()).getByRole('button', { name: 'Close the cart' })).toBeInTheDocument();
  });

  it('a swipe up expands it; a swipe down shrinks it, and closes it from its usual height', async () => {
    const onClose = vi.fn();
    renderView(<Sheet small onClose={onClose} />);
    await screen.findByRole('dialog', { name: 'Cart' });
    const handle = within(sheet()).getByRole('button', { name: 'Expand the cart' });
    swipe(handle, 300, 200);
    expect(sheet()).toHaveAttribute('data-expanded', 'true');
    swipe(within(sheet()).getByText('Lines'), 200, 300);
    expect(sheet()).toHaveAttribute('data-expanded', 'false');
    expect(onClose).not.toHaveBeenCalled();
    swipe(within(sheet()).getByRole('button', { name: 'Expand the cart' }), 200, 300);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('opens at its usual height again after it was closed expanded', async () => {
    const user = userEvent.setup();
    renderView(<Sheet small />);
    await screen.findByRole('dialog', { name: 'Cart' });
    await user.click(within(sheet()).getByRole('button', { name: 'Expand the cart' }));
    await user.click(within(sheet()).getByRole('button', { name: 'Close the cart' }));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(within(sheet()).getByRole('button', { name: 'Expand the cart' })).toBeInTheDocument();
  });
});

describe('the cart panel on a wider screen', () => {
  it('has no grab bar', async () => {
    renderView(<Sheet small={false} />);
    await screen.findByRole('dialog', { name: 'Cart' });
    expect(within(sheet()).queryByTestId('cart-sheet-handle')).toBeNull();
    expect(within(sheet()).getByRole('button', { name: 'Close the cart' })).toBeInTheDocument();
  });
});
