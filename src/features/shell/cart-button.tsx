import { lazy, useState } from 'react';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { useOverlay } from '../../lib/overlays';
import { LazyOverlay } from '../../components/lazy-overlay';

const CartDrawer = lazy(() => import('./shell-drawers').then((module) => ({ default: module.CartDrawer })));

/**
 * The cart button with its item count. The cart itself (lines, promo codes, checkout) arrives with the
 * products feature; until then the panel says so.
 */
export function CartButton({ count = 0 }: { count?: number }) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  useOverlay(opened);
  return (
    <>
      <Indicator label={count} size={16} disabled={count === 0} offset={4}>
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => setOpened(true)}
          aria-label={count ? t`Cart, ${count} items` : t`Cart`}
        >
          <IconShoppingCart size={18} aria-hidden />
        </ActionIcon>
      </Indicator>
      <LazyOverlay opened={opened}>
        <CartDrawer opened={opened} onClose={() => setOpened(false)} />
      </LazyOverlay>
    </>
  );
}
