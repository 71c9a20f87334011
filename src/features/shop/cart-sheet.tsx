// The cart as a bottom sheet on phones (spec §2 "Cart": swipe up/down): it opens at 85 % of the screen, a swipe
// up or its grab bar takes it to the full height, a swipe down takes it back and then closes it. The grab bar is
// a button too, for keyboards and screen readers; the close button stays in the header.
import { useState, type ReactNode } from 'react';
import { Drawer, UnstyledButton } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useSwipe } from '../../lib/use-swipe';
import './cart-sheet.css';

export interface CartSheetProps {
  opened: boolean;
  onClose: () => void;
  /** Below the mobile breakpoint: a bottom sheet with its grab bar; else a side panel. */
  small: boolean;
  children: ReactNode;
}

export function CartSheet({ opened, onClose, small, children }: CartSheetProps) {
  const { t } = useLingui();
  const [expanded, setExpanded] = useState(false);
  // Each opening starts at the sheet's usual height.
  if (!opened && expanded) setExpanded(false);
  const swipe = useSwipe(
    () => setExpanded(true),
    () => (expanded ? setExpanded(false) : onClose()),
  );
  const sheet = small ? swipe : {};
  return (
    <Drawer.Root
      id="cart-panel"
      opened={opened}
      onClose={onClose}
      position={small ? 'bottom' : 'right'}
      size={small ? (expanded ? '100%' : '85%') : 'md'}
      radius={small ? 'lg' : 0}
      lockScroll
    >
      <Drawer.Overlay />
      <Drawer.Content data-expanded={small ? expanded : undefined}>
        <Drawer.Header className={small ? 'cart-sheet-header' : undefined} {...sheet}>
          {small && (
            <UnstyledButton
              className="cart-sheet-handle"
              aria-label={expanded ? t`Shrink the cart` : t`Expand the cart`}
              onClick={() => setExpanded(!expanded)}
              data-testid="cart-sheet-handle"
            />
          )}
          <Drawer.Title>{t`Cart`}</Drawer.Title>
          <Drawer.CloseButton aria-label={t`Close the cart`} />
        </Drawer.Header>
        <Drawer.Body {...sheet}>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
