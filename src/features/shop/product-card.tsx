// A product card: image (the default image first, bg_color behind it), name and the cheapest price it is
// sold at, leading to the product page.
import { Card, Image, Stack, Text, Box } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { cheapestPrice } from '../../../machines/shop/totals';
import { leadImage } from '../../../machines/shop/lead-image';
import { toCartProduct, type Product } from '../../api/shop';
import { formatMoney } from '../../lib/format';
import { perCycle } from './shop.messages';

const CardAnchor = forwardRef<HTMLAnchorElement, ComponentPropsWithoutRef<'a'>>((props, ref) => <a ref={ref} {...props} />);
CardAnchor.displayName = 'CardAnchor';
const RouterCardLink = createLink(CardAnchor);

/**
 * `priority`: a card on screen from the start (the list's first row), whose image is the page's largest paint:
 * fetched at once and ahead of the rest, where the others wait until they are scrolled near.
 */
export function ProductCard({ product, to, priority = false }: { product: Product; to: '/product/$id' | '/store/product/$id'; priority?: boolean }) {
  const { i18n } = useLingui();
  const from = cheapestPrice(toCartProduct(product));
  const image = leadImage(product);
  const per = from ? perCycle[from.cycle] : null;
  return (
    <RouterCardLink
      to={to}
      params={{ id: product.id }}
      style={{ textDecoration: 'none', color: 'inherit', display: 'block' }}
      data-testid="product-card"
    >
      <Card withBorder padding={0} radius="md" h="100%">
        <Box h={160} bg={product.bg_color ?? 'var(--mantine-color-default-hover)'}>
          {image && <Image src={image} alt="" h={160} fit="contain" loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : 'auto'} />}
        </Box>
        <Stack gap={4} p="md">
          <Text fw={700} lineClamp={2}>
            {product.name}
          </Text>
          {from ? (
            <Text size="sm">
              <Trans>from</Trans>{' '}
              <Text span fw={700}>
                {formatMoney(from.price, product.currency)}
              </Text>{' '}
              {per ? i18n._(per) : null}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>Not for sale</Trans>
            </Text>
          )}
        </Stack>
      </Card>
    </RouterCardLink>
  );
}
