// The public store's page frame: the unregistered layout with the store's search (not on a product page)
// and the cart. The header shows the search from 768 px; below that it heads the page instead, so phones
// can search the store too.
import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useMatch } from '@tanstack/react-router';
import { UnregisteredLayout } from '../../features/shell/unregistered-layout';
import { CartButton } from '../../features/shop/cart-button';
import { StoreSearch } from '../../features/shop/store-search';
import { CartFrame } from './shop-frame';

export function StorePage({ children }: { children: ReactNode }) {
  const onProductPage = useMatch({ from: '/_store/store/product/$id', shouldThrow: false });
  return (
    <CartFrame>
      <UnregisteredLayout search={onProductPage ? undefined : <StoreSearch />} cart={<CartButton />}>
        {!onProductPage && (
          <Box hiddenFrom="sm" mb="md">
            <StoreSearch />
          </Box>
        )}
        {children}
      </UnregisteredLayout>
    </CartFrame>
  );
}
