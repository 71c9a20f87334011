// The dashboard page, composed from the areas it shows: the wallet's widgets (plans, deals, finance) and the
// tariffs area's My tariff and purchase badge, the cms area's banners, in the order the tenant's dashboard_widgets lists them.
// Features do not import each other; the composition root joins them.
import { Card, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMember } from '../../api/account';
import { DashboardView, readDashboardWidgets, type DashboardWidget } from '../../features/wallet/dashboard-view';
import { MyTariff, PurchaseBadge } from '../../features/tariffs/my-tariff';
import { CmsBannersWidget } from '../../features/cms/cms-banners-widget';
import type { TenantConfig } from '../../lib/tenant';
import { UpgradeProvider } from '../flows/tariffs';

export interface DashboardPageProps {
  tenant: TenantConfig;
  upgradeRequested: boolean;
  onUpgradeClosed: () => void;
  /** One widget alone (/widget/{name}, for embedding) instead of the tenant's list. */
  only?: DashboardWidget;
}

export function DashboardPage({ tenant, upgradeRequested, onUpgradeClosed, only }: DashboardPageProps) {
  return (
    <DashboardView
      widgets={only ? [only] : readDashboardWidgets(tenant.whiteLabel.design?.dashboard_widgets)}
      myTariff={
        <UpgradeProvider>
          <MyTariff upgradeRequested={upgradeRequested} onUpgradeClosed={onUpgradeClosed} />
        </UpgradeProvider>
      }
      purchaseBadge={<PurchaseWidget />}
      cmsBanners={<CmsBannersWidget />}
    />
  );
}

/** The purchase badge as a widget of its own: until when the member's tariff runs. */
function PurchaseWidget() {
  const { t } = useLingui();
  const purchase = useMember().purchase;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={t`My purchase`} h="100%">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h5">
          <Trans>My purchase</Trans>
        </Title>
        {purchase ? (
          <>
            <Text fw={600}>{purchase.name}</Text>
            <PurchaseBadge purchase={purchase} />
          </>
        ) : (
          <Text c="dimmed">
            <Trans>No active purchase</Trans>
          </Text>
        )}
      </Stack>
    </Card>
  );
}
