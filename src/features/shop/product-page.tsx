// A product page (member /product/{id}, public /store/product/{id}): the image gallery, the sanitised
// description, the recurrent price picker over the cycles the product is sold in, the quantity and Add to
// cart. In investment mode the tenant's wording says Invest rather than Add to cart (product config
// product_type_description).
import { useState } from 'react';
import { Alert, Box, Button, Grid, Group, Image, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { cartQty } from '../../../domain/limits';
import type { BillingCycle } from '../../../machines/shop/shop.types';
import { selectBusy } from '../../../machines/shop/cart.selectors';
import { productQueryOptions, toCartProduct } from '../../api/shop';
import { formatMoney } from '../../lib/format';
import { useTenant } from '../../lib/tenant-context';
import { RichText } from '../../components/rich-text';
import { QuantityInput } from '../../components/quantity-input';
import { RecurrentPricePicker, type CyclePrice } from '../../components/recurrent-price-picker';
import { CartContext } from './shop.contexts';
import { leadImage } from '../../../machines/shop/lead-image';
import { cycleNames } from './shop.messages';

export function ProductPage({ productId }: { productId: string }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const tenant = useTenant();
  const cart = CartContext.useActorRef();
  const adding = CartContext.useSelector(selectBusy);
  const product = useSuspenseQuery(productQueryOptions(tenant.uuid, productId)).data.moduleProduct;
  const cartProduct = product ? toCartProduct(product) : null;
  const prices: CyclePrice[] = cartProduct
    ? (Object.entries(cartProduct.prices) as [BillingCycle, string | null][]).flatMap(([cycle, price]) => (price ? [{ cycle, price }] : []))
    : [];
  const [cycle, setCycle] = useState<BillingCycle | null>(prices[0]?.cycle ?? null);
  const [qty, setQty] = useState(1);
  const gallery = product ? [...product.images].sort((a, b) => Number(b.id === product.default_image_id) - Number(a.id === product.default_image_id)) : [];
  const [shown, setShown] = useState<string | null>(null);
  const investment = tenant.productConfig?.product_type_description === 'investment';
  if (!product || !cartProduct) {
    return (
      <Alert color="yellow" role="status">
        <Trans>This product is not available.</Trans>
      </Alert>
    );
  }
  const image = shown ?? leadImage(product);
  const chosen = prices.find((price) => price.cycle === cycle) ?? null;
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="sm">
          <Box bg={product.bg_color ?? 'var(--mantine-color-default-hover)'} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            {image && <Image src={image} alt={product.name} h={320} fit="contain" />}
          </Box>
          {gallery.length > 1 && (
            <Group gap="xs" role="list" aria-label={t`Pictures of ${product.name}`}>
              {gallery.map((picture, index) => (
                <UnstyledButton
                  key={picture.id}
                  role="listitem"
                  onClick={() => setShown(picture.url)}
                  aria-label={t`Show picture ${index + 1}`}
                  aria-pressed={image === picture.url}
                  style={{ outlineOffset: 2 }}
                >
                  <Image src={picture.url} alt="" w={64} h={64} fit="cover" radius="sm" />
                </UnstyledButton>
              ))}
            </Group>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Title order={2}>{product.name}</Title>
          {product.last_price && chosen && (
            <Text size="sm" c="dimmed" td="line-through">
              {formatMoney(product.last_price, product.currency)}
            </Text>
          )}
          {prices.length === 0 ? (
            <Text c="dimmed">
              <Trans>Not for sale</Trans>
            </Text>
          ) : prices.length === 1 && prices[0]!.cycle === 'onetime' ? (
            <Text fw={700} size="xl">
              {formatMoney(prices[0]!.price, product.currency)}
            </Text>
          ) : (
            <RecurrentPricePicker
              label={investment ? t`Investment period` : t`Billing cycle`}
              prices={prices}
              value={cycle ?? prices[0]!.cycle}
              onChange={setCycle}
              currency={product.currency}
              names={cycleNames}
            />
          )}
          {chosen && (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                cart.send({ type: 'cart.add', line: { product: cartProduct, cycle: chosen.cycle, qty } });
              }}
            >
              <Group align="flex-end" gap="sm">
                <QuantityInput
                  label={t`Quantity`}
                  value={qty}
                  min={cartQty.min}
                  max={cartQty.max}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="strict"
                  onChange={(value) => typeof value === 'number' && setQty(value)}
                  w={136}
                />
                <Button type="submit" leftSection={<IconShoppingCartPlus size={18} aria-hidden />} loading={adding}>
                  {investment ? <Trans>Invest</Trans> : <Trans>Add to cart</Trans>}
                </Button>
              </Group>
              <Text size="sm" c="dimmed" mt="xs">
                {i18n._(cycleNames[chosen.cycle])}
              </Text>
            </form>
          )}
          {product.description && <RichText html={product.description} />}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
