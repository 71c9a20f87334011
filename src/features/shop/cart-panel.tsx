// The cart panel (spec §2 "Cart"): a side panel on desktop, a bottom sheet on phones (cart-sheet.tsx),
// page scroll locked and the chat button hidden while it is open. Lines with name, cycle, a quantity stepper
// (0 removes) and the line's price; the promo code with its discount line; the total; Go to pay and Continue
// shopping (Close when the cart is empty; guests continue to /store). A guest going to pay registers first,
// in a dialog the page frame supplies.
import { useState } from 'react';
import { ActionIcon, Alert, Box, Button, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import { IconTrash } from '@tabler/icons-react';
import {
  selectBusy,
  selectCanCheckout,
  selectCurrency,
  selectFailed,
  selectFieldError,
  selectLines,
  selectLoggedIn,
  selectMerged,
  selectPanelOpen,
  selectPaying,
  selectPromo,
  selectQuantityLimit,
  selectTotal,
  selectUpdating,
  totalsWithPromo,
} from '../../../machines/shop/cart.selectors';
import { selectApplied } from '../../../machines/shop/promo.selectors';
import { lineTotal, setupFee } from '../../../machines/shop/totals';
import type { CartLine } from '../../../machines/shop/shop.types';
import { appErrorText } from '../../lib/app-error-text';
import { formatMoney } from '../../lib/format';
import { useOverlay } from '../../lib/overlays';
import { useIsSmallScreen } from '../../lib/screen';
import { RouterButton } from '../../components/router-links';
import { QuantityInput } from '../../components/quantity-input';
import { CartContext, PromoActorContext, usePromoActor } from './shop.contexts';
import { PromoInput } from './promo-input';
import { CartSheet } from './cart-sheet';
import { cycleNames } from './shop.messages';

function Line({ line }: { line: CartLine }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const cart = CartContext.useActorRef();
  const limit = CartContext.useSelector(selectQuantityLimit(line.product.id));
  // An emptied field while the member types; every number typed is the cart's (its draft), so the field shows
  // what the cart holds, also the server's quantity again once an update failed.
  const [typed, setTyped] = useState<string | null>(null);
  const setQty = (qty: number) => cart.send({ type: 'line.update', productId: line.product.id, qty });
  const fee = setupFee(line);
  const setupFeeText = fee && formatMoney(fee, line.product.currency);
  return (
    <Box component="li" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }} data-testid="cart-line">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate title={line.product.name}>
            {line.product.name}
          </Text>
          <Text size="sm" c="dimmed">
            {i18n._(cycleNames[line.cycle])}
          </Text>
          {setupFeeText && (
            <Text size="sm" c="dimmed" data-testid="cart-line-setup-fee">
              <Trans>Includes a setup fee of {setupFeeText} per item</Trans>
            </Text>
          )}
        </div>
        <Text fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="cart-line-price">
          {formatMoney(lineTotal(line), line.product.currency)}
        </Text>
      </Group>
      <Group gap="xs" mt="xs">
        <QuantityInput
          aria-label={t`Quantity of ${line.product.name}`}
          subject={line.product.name}
          value={typed ?? line.qty}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          // Typing stays free (the cart sends the quantity once typing pauses); a quantity over the limit is
          // explained, not cut.
          clampBehavior="none"
          w={limit === null ? 128 : undefined}
          size="xs"
          error={limit === null ? undefined : t`At most ${limit} of one product`}
          onBlur={() => setTyped(null)}
          // 0 takes the line away (calls §7).
          onChange={(value) => {
            setTyped(typeof value === 'number' ? null : value);
            if (typeof value === 'number') setQty(value);
          }}
        />
        <ActionIcon variant="subtle" color="red" onClick={() => setQty(0)} aria-label={t`Remove ${line.product.name}`}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Box>
  );
}

function Totals() {
  const { t } = useLingui();
  const promo = usePromoActor();
  const total = CartContext.useSelector(selectTotal);
  const currency = CartContext.useSelector(selectCurrency);
  // A call for the cart shows beside the total it may change.
  const updating = CartContext.useSelector(selectUpdating);
  const applied = useSelector(promo, selectApplied);
  const { discount, toPay } = totalsWithPromo(total, applied);
  return (
    <Stack gap={4}>
      {discount && (
        <Group justify="space-between" data-testid="cart-discount">
          <Text size="sm">
            <Trans>Discount</Trans>
          </Text>
          <Text size="sm" c="green.8">
            −{formatMoney(discount, currency)}
          </Text>
        </Group>
      )}
      <Group justify="space-between">
        <Text fw={700}>
          <Trans>Total</Trans>
        </Text>
        <Group gap="xs" wrap="nowrap">
          {updating && <Loader size="xs" role="progressbar" aria-label={t`Updating the cart`} />}
          <Text fw={700} data-testid="cart-total">
            {formatMoney(toPay, currency)}
          </Text>
        </Group>
      </Group>
    </Stack>
  );
}

function MergedNotice() {
  const { t } = useLingui();
  const cart = CartContext.useActorRef();
  const merged = CartContext.useSelector(selectMerged, shallowEqual);
  if (merged.length === 0) return null;
  const names = merged.map((line) => line.product.name).join(', ');
  return (
    <Alert color="blue" role="status" withCloseButton onClose={() => cart.send({ type: 'merge.dismiss' })} closeButtonLabel={t`Dismiss`}>
      <Trans>Your cart from before you signed in was added: {names}.</Trans>
    </Alert>
  );
}

export function CartPanel() {
  const { t } = useLingui();
  const cart = CartContext.useActorRef();
  const opened = CartContext.useSelector(selectPanelOpen);
  const lines = CartContext.useSelector(selectLines, shallowEqual);
  const busy = CartContext.useSelector(selectBusy);
  const paying = CartContext.useSelector(selectPaying);
  const failed = CartContext.useSelector(selectFailed);
  const canCheckout = CartContext.useSelector(selectCanCheckout);
  const fieldError = CartContext.useSelector(selectFieldError);
  const loggedIn = CartContext.useSelector(selectLoggedIn);
  const promo = CartContext.useSelector(selectPromo);
  const small = useIsSmallScreen();
  const close = () => cart.send({ type: 'panel.close' });
  useOverlay(opened, close);
  const empty = lines.length === 0;
  return (
    <CartSheet opened={opened} onClose={close} small={small}>
      <Stack gap="md" aria-busy={busy}>
        <MergedNotice />
        {/* A call's message is in the notifier; a refusal that only names fields is told here. */}
        {fieldError && (
          <Alert color="red" role="alert">
            {appErrorText(fieldError)}
          </Alert>
        )}
        {failed ? (
          <Button variant="light" onClick={() => cart.send({ type: 'cart.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        ) : empty && busy ? (
          <Loader size="sm" aria-label={t`Loading the cart`} />
        ) : empty ? (
          <Text c="dimmed">
            <Trans>Your cart is empty.</Trans>
          </Text>
        ) : (
          <>
            <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Items in the cart`}>
              {lines.map((line) => (
                <Line key={`${line.product.id}:${line.cycle}`} line={line} />
              ))}
            </Box>
            {promo && (
              <PromoActorContext.Provider value={promo}>
                <PromoInput />
                <Divider my="md" />
                <Totals />
              </PromoActorContext.Provider>
            )}
          </>
        )}
        {/* One under another: side by side, the labels did not fit a phone in every language. */}
        <Stack gap="xs">
          {!empty && (
            <Button onClick={() => cart.send({ type: 'checkout.start' })} disabled={!canCheckout && !paying} loading={paying}>
              <Trans>Go to pay</Trans>
            </Button>
          )}
          {empty ? (
            <Button variant="default" onClick={close}>
              <Trans>Close</Trans>
            </Button>
          ) : (
            <RouterButton variant="default" to={loggedIn ? '/products' : '/store'} onClick={close}>
              <Trans>Continue shopping</Trans>
            </RouterButton>
          )}
        </Stack>
      </Stack>
    </CartSheet>
  );
}
