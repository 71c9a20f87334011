// The cart button with its item count (header, mobile header, store header); it opens the cart panel.
import { ActionIcon, Indicator } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { selectCount, selectPanelOpen } from '../../../machines/shop/cart.selectors';
import { CartContext } from './shop.contexts';
import { loadCartPanel } from './cart-panel-code';

// The panel's code on its way as soon as the member heads for the button (it is not on the page's first load).
const preloadPanel = () => void loadCartPanel().catch(() => {});

export function CartButton() {
  const { t } = useLingui();
  const cart = CartContext.useActorRef();
  const count = CartContext.useSelector(selectCount);
  const opened = CartContext.useSelector(selectPanelOpen);
  return (
    <Indicator label={count} size={16} disabled={count === 0} offset={4}>
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => cart.send({ type: 'panel.open' })}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        onTouchStart={preloadPanel}
        aria-label={count ? t`Cart, ${plural(count, { one: '# item', other: '# items' })}` : t`Cart`}
        aria-expanded={opened}
        aria-controls="cart-panel"
        data-testid="cart-button"
      >
        <IconShoppingCart size={18} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
