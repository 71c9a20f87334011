// The My tariff widget (spec §2 "Widgets"): the member's current tariff by name, or "No tariff"; the first 3
// lines of its description; the purchase badge (until when it runs, or when it starts); Upgrade only when
// the purchase has_upgrades, which opens the upgrade dialog here (the page's upgrade flow); a link to all
// tariffs where the tenant shows them. The dashboard places it (export), inside its upgrade flow.
import { useEffect } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMember, type Me } from '../../api/account';
import { formatDate } from '../../lib/format';
import { useTenant } from '../../lib/tenant-context';
import { tenantFeatures } from '../../lib/tenant';
import { RouterAnchor } from '../../components/router-links';
import { UpgradeContext } from './tariffs.contexts';
import { UpgradeDialog } from './upgrade-dialog';

type Purchase = NonNullable<Me['purchase']>;

/** The purchase badge: until when the tariff runs, when it starts, or that it never ends. */
export function PurchaseBadge({ purchase }: { purchase: Pick<Purchase, 'active_till' | 'active_from'> }) {
  const starts = purchase.active_from && new Date(purchase.active_from).getTime() > Date.now() ? purchase.active_from : null;
  return (
    <Badge {...(starts ? { variant: 'default' } : { color: 'green' })} data-testid="purchase-badge">
      {starts ? (
        <Trans>Starts {formatDate(starts)}</Trans>
      ) : purchase.active_till ? (
        <Trans>Active until {formatDate(purchase.active_till)}</Trans>
      ) : (
        <Trans>Active</Trans>
      )}
    </Badge>
  );
}

export interface MyTariffProps {
  /** Open the upgrade dialog at once (the right sidebar's Upgrade leads here where the tenant has no /tariffs). */
  upgradeRequested?: boolean;
  /** The requested upgrade dialog was closed (the page drops the request from its address). */
  onUpgradeClosed?: () => void;
}

export function MyTariff({ upgradeRequested = false, onUpgradeClosed }: MyTariffProps) {
  const { t } = useLingui();
  const tenant = useTenant();
  const member = useMember();
  const upgrade = UpgradeContext.useActorRef();
  const purchase = member.purchase;
  const purchaseUuid = purchase?.has_upgrades === true ? (purchase.uuid ?? null) : null;
  // Asked for by the address (also when already on the dashboard, where nothing remounts).
  useEffect(() => {
    if (upgradeRequested && purchaseUuid) upgrade.send({ type: 'dialog.open', purchaseUuid, targetUuid: null });
  }, [upgradeRequested, purchaseUuid, upgrade]);
  const showsTariffs = tenantFeatures(tenant).tariffs;
  const lines = (purchase?.description ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 3);
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={t`My tariff`}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          <Trans>My tariff</Trans>
        </Title>
        {purchase ? (
          <>
            <Group gap="xs">
              <Text fw={600} data-testid="my-tariff-name">
                {purchase.name}
              </Text>
              <PurchaseBadge purchase={purchase} />
            </Group>
            {lines.map((line, index) => (
              <Text key={index} size="sm" c="dimmed">
                {line}
              </Text>
            ))}
          </>
        ) : (
          <Text c="dimmed" data-testid="my-tariff-name">
            <Trans>No tariff</Trans>
          </Text>
        )}
        <Group gap="sm">
          {purchaseUuid && (
            <Button size="xs" onClick={() => upgrade.send({ type: 'dialog.open', purchaseUuid, targetUuid: null })}>
              <Trans>Upgrade</Trans>
            </Button>
          )}
          {showsTariffs && (
            <RouterAnchor to="/tariffs" size="sm">
              <Trans>All tariffs</Trans>
            </RouterAnchor>
          )}
        </Group>
      </Stack>
      <UpgradeDialog onClosed={upgradeRequested ? onUpgradeClosed : undefined} />
    </Card>
  );
}
