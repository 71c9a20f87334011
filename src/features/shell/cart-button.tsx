import { useState } from 'react';
import { ActionIcon, Drawer, Indicator, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useOverlay } from '../../lib/overlays';

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
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        title={t`Cart`}
        closeButtonProps={{ 'aria-label': t`Close the cart` }}
      >
        <Text c="dimmed">
          <Trans>Your cart is empty.</Trans>
        </Text>
      </Drawer>
    </>
  );
}
