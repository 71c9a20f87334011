// /tariffs (spec §2): the tenant's tariffs as tiles, in the tenant's wording (Investments in investment mode),
// each with the recurrent price picker over its billing cycles (the price per month beside the longer ones);
// the member's current tariff is marked. Buy makes the invoice and opens it to pay; a tariff the current one
// upgrades to opens the upgrade dialog instead, which shows how the difference is computed. The page's buying
// and upgrade flows (CheckoutContext, UpgradeContext) are mounted around it by the route.
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, List, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import * as checkout from '../../../machines/tariffs/tariff-checkout.selectors';
import type { BillingCycle } from '../../../domain/pricing';
import { dialogWidth } from '../../../domain/limits';
import { useOverlay } from '../../lib/overlays';
import { useMember } from '../../api/account';
import { tariffsQueryOptions, type Tariff } from '../../api/tariffs';
import { formatDate, formatMoney } from '../../lib/format';
import { useTenant } from '../../lib/tenant-context';
import { RecurrentPricePicker } from '../../components/recurrent-price-picker';
import { CheckoutContext, UpgradeContext } from './tariffs.contexts';
import { cycleNames } from './tariffs.messages';
import { cyclePricesOf } from './tariff-prices';
import { featuresOnSwitch } from './tariff-features';
import { UpgradeDialog } from './upgrade-dialog';
import { PurchaseBadge } from './my-tariff';

type Offer = 'current' | 'upgrade' | 'buy';

function TariffTile({ tariff, offer, onUpgrade }: { tariff: Tariff; offer: Offer; onUpgrade: () => void }) {
  const { t, i18n } = useLingui();
  const tenant = useTenant();
  const actor = CheckoutContext.useActorRef();
  const buying = CheckoutContext.useSelector(checkout.selectBuyingProductId);
  const busy = CheckoutContext.useSelector(checkout.selectBusy);
  const { product } = tariff;
  const prices = cyclePricesOf(product);
  const [cycle, setCycle] = useState<BillingCycle | null>(prices[0]?.cycle ?? null);
  const chosen = prices.find((price) => price.cycle === cycle) ?? prices[0] ?? null;
  const investment = tenant.productConfig?.product_type_description === 'investment';
  const lines = (product.description ?? '').split('\n').filter((line) => line.trim() !== '');
  const titleId = `tariff-${product.id}`;
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={titleId} bg={offer === 'current' ? 'var(--mantine-color-default-hover)' : undefined}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} id={titleId} size="h4">
            {product.name}
          </Title>
          {offer === 'current' && (
            <Badge color="green">
              {investment ? <Trans>Your investment</Trans> : <Trans>Your tariff</Trans>}
            </Badge>
          )}
        </Group>
        {lines.length > 0 && (
          <List size="sm" spacing={4}>
            {lines.map((line, index) => (
              <List.Item key={index}>{line}</List.Item>
            ))}
          </List>
        )}
        {prices.length === 0 ? (
          <Text c="dimmed">
            <Trans>Not for sale</Trans>
          </Text>
        ) : prices.length === 1 ? (
          <Text fw={700} size="lg">
            {formatMoney(prices[0]!.price, product.currency)} · {i18n._(cycleNames[prices[0]!.cycle])}
          </Text>
        ) : (
          <RecurrentPricePicker
            label={investment ? t`Investment period` : t`Billing cycle`}
            prices={prices}
            value={chosen?.cycle ?? prices[0]!.cycle}
            onChange={setCycle}
            currency={product.currency}
            names={cycleNames}
          />
        )}
        <Group mt="auto">
          {offer === 'upgrade' ? (
            <Button onClick={onUpgrade} disabled={busy} aria-describedby={titleId}>
              <Trans>Upgrade</Trans>
            </Button>
          ) : (
            chosen && (
              <Button
                onClick={() => actor.send({ type: 'tariff.buy', productId: product.id, level: tariff.level, cycle: chosen.cycle })}
                loading={buying === product.id}
                disabled={busy && buying !== product.id}
                aria-describedby={titleId}
              >
                {offer === 'current' ? <Trans>Extend</Trans> : investment ? <Trans>Invest</Trans> : <Trans>Buy</Trans>}
              </Button>
            )
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Before a member moves to a lower tariff: what they keep and what they lose, side by side, and when the new
 * one starts; one click goes on, one keeps the current tariff.
 */
function DowngradeDialog({ line, current }: { line: Tariff[]; current: { name: string; description?: string | null; active_till?: string | null } | null }) {
  const { t } = useLingui();
  const actor = CheckoutContext.useActorRef();
  const productId = CheckoutContext.useSelector(checkout.selectDowngradeProductId);
  const target = line.find((tariff) => tariff.product.id === productId)?.product ?? null;
  useOverlay(target !== null);
  const { kept, lost } =
    target && current ? featuresOnSwitch(current, target, line.map((tariff) => tariff.product)) : { kept: [], lost: [] };
  return (
    <Modal
      opened={target !== null && current !== null}
      onClose={() => actor.send({ type: 'downgrade.cancel' })}
      title={t`Before you switch`}
      size={dialogWidth.default}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {target && current && (
        <Stack gap="md">
          <Text>
            <Trans>
              You are moving from {current.name} to {target.name}.
            </Trans>
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <section aria-label={t`You keep`}>
              <Title order={3} size="h6">
                <Trans>You keep</Trans>
              </Title>
              {kept.length ? (
                <List size="sm">{kept.map((entry) => <List.Item key={entry}>{entry}</List.Item>)}</List>
              ) : (
                <Text size="sm" c="dimmed">
                  <Trans>Nothing listed for {current.name}</Trans>
                </Text>
              )}
            </section>
            <section aria-label={t`You lose`}>
              <Title order={3} size="h6">
                <Trans>You lose</Trans>
              </Title>
              {lost.length ? (
                <List size="sm">{lost.map((entry) => <List.Item key={entry}>{entry}</List.Item>)}</List>
              ) : (
                <Text size="sm" c="dimmed">
                  <Trans>Nothing</Trans>
                </Text>
              )}
            </section>
          </SimpleGrid>
          {current.active_till && (
            <Text size="sm">
              <Trans>
                {target.name} starts when {current.name} ends, on {formatDate(current.active_till)}.
              </Trans>
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'downgrade.cancel' })}>
              <Trans>Keep {current.name}</Trans>
            </Button>
            <Button onClick={() => actor.send({ type: 'downgrade.confirm' })}>
              <Trans>Continue with {target.name}</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function Tiles() {
  const tenant = useTenant();
  const member = useMember();
  const line = useSuspenseQuery(tariffsQueryOptions(tenant.uuid)).data.moduleProductsTariffs;
  const upgrade = UpgradeContext.useActorRef();
  const current = member.purchase;
  const upgradeTo = (targetUuid: string) => {
    if (current?.uuid) upgrade.send({ type: 'dialog.open', purchaseUuid: current.uuid, targetUuid });
  };
  const currentTariff = current ? line.find((tariff) => tariff.product.id === current.product_id) : undefined;
  const offerOf = (tariff: Tariff): Offer => {
    if (currentTariff && tariff.product.id === currentTariff.product.id) return 'current';
    if (current?.has_upgrades && currentTariff?.upgrade_product_uuids.includes(tariff.product.uuid)) return 'upgrade';
    return 'buy';
  };
  if (line.length === 0) {
    return (
      <Alert color="gray" role="status">
        <Trans>There are no tariffs to choose from yet.</Trans>
      </Alert>
    );
  }
  return (
    <>
      {/* A failed Buy is said in the notifier (the flow's notifyFailure). */}
      {current && (
        <Group gap="xs">
          <Text size="sm">
            <Trans>Your current tariff: {current.name}</Trans>
          </Text>
          <PurchaseBadge purchase={current} />
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {line.map((tariff) => (
          <TariffTile key={tariff.product.id} tariff={tariff} offer={offerOf(tariff)} onUpgrade={() => upgradeTo(tariff.product.uuid)} />
        ))}
      </SimpleGrid>
      <UpgradeDialog />
      <DowngradeDialog line={line} current={current ?? null} />
    </>
  );
}

/** The level of the member's current tariff in the line (null without one): the buying flow's input. */
export function useCurrentTariffLevel(): number | null {
  const tenant = useTenant();
  const member = useMember();
  const line = useSuspenseQuery(tariffsQueryOptions(tenant.uuid)).data.moduleProductsTariffs;
  return line.find((tariff) => tariff.product.id === member.purchase?.product_id)?.level ?? null;
}

export function TariffsView() {
  // The page's heading is the shell's (the route's title, Investments in investment mode).
  return (
    <Stack gap="lg">
      <Tiles />
    </Stack>
  );
}
