// The dashboard (spec §2 "Widgets", §3 `dashboard_widgets`, "Dashboard widget values"): the widgets the
// tenant lists, in its order. My plans (a 12-month selector; plans started by then and those still active),
// my deals and team deals (dealsSum, dealsCount), my finance (12-month selectors; profitSum, invSum). My
// tariff and the purchase badge belong to the tariffs area, the CMS banners to the cms area: the composition
// root hands them in as slots.
// Each widget runs its own query and shows its own loading, empty and error state, so none blocks another.
import { useState, type ReactNode } from 'react';
import { Card, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isZero } from '../../../domain/money';
import {
  dashboardFinanceQueryOptions,
  dashboardDealsQueryOptions,
  dashboardPlansQueryOptions,
  type DashboardDeals,
} from '../../api/wallet';
import { formatMoney, formatMonth } from '../../lib/format';
import { LoadError, Loading } from '../../components/load-state';
import { RouterAnchor } from '../../components/router-links';
import { hasModule } from '../../lib/tenant';
import { useTenant } from '../../lib/tenant-context';
import { isWidget, type DashboardWidget } from '../../lib/dashboard-widgets';

export type { DashboardWidget } from '../../lib/dashboard-widgets';

/** Shown when the tenant lists no widgets at all (dashboard_widgets unset). */
const defaultWidgets: readonly DashboardWidget[] = ['my_plans', 'my_tariff', 'my_deals', 'team_deals', 'my_finance'];


/**
 * The tenant's dashboard_widgets (JSON): a list of widget names ("my_plans", "myPlans", "My plans" alike) or of
 * objects with a name or key. Unknown names are left out, each widget shows once; unset shows every widget.
 */
export function readDashboardWidgets(raw: unknown): DashboardWidget[] {
  if (!Array.isArray(raw)) return [...defaultWidgets];
  const names = raw.map((entry: unknown) => {
    const name =
      typeof entry === 'string'
        ? entry
        : typeof entry === 'object' && entry !== null
          ? ((entry as Record<string, unknown>).name ?? (entry as Record<string, unknown>).key)
          : null;
    return typeof name === 'string'
      ? name
          .trim()
          .replace(/([a-z])([A-Z])/g, '$1_$2')
          .replace(/[^A-Za-z0-9]+/g, '_')
          .toLowerCase()
      : '';
  });
  return [...new Set(names.filter(isWidget))];
}

export interface DashboardViewProps {
  widgets: readonly DashboardWidget[];
  /** My tariff (the tariffs area's widget). */
  myTariff?: ReactNode;
  /** The purchase badge (the tariffs area's), as a widget of its own. */
  purchaseBadge?: ReactNode;
  /** The CMS banners (the cms area's). */
  cmsBanners?: ReactNode;
}

export function DashboardView({ widgets, myTariff, purchaseBadge, cmsBanners }: DashboardViewProps) {
  if (widgets.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>Your dashboard has no widgets.</Trans>
      </Text>
    );
  }
  const render = (widget: DashboardWidget): ReactNode => {
    switch (widget) {
      case 'my_plans':
        return <PlansWidget />;
      case 'my_tariff':
        return myTariff;
      case 'purchase_badge':
        return purchaseBadge;
      case 'my_deals':
        return <DealsWidget team={false} />;
      case 'team_deals':
        return <DealsWidget team />;
      case 'my_finance':
        return <FinanceWidget />;
      case 'cms_banners':
        return cmsBanners;
    }
  };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {widgets.map((widget) => (
        <div key={widget} data-testid={`widget-${widget}`}>
          {render(widget)}
        </div>
      ))}
    </SimpleGrid>
  );
}

function WidgetCard({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={`${id}-title`} h="100%">
      <Stack gap="sm">
        <Title order={2} size="h5" id={`${id}-title`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Figure({ label, value, testId }: { label: ReactNode; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function MonthSelect({
  months,
  value,
  onChange,
  label,
}: {
  months: readonly string[];
  value: string;
  onChange: (month: string) => void;
  label: string;
}) {
  return (
    <NativeSelect
      label={label}
      size="xs"
      data={months.map((month) => ({
        value: month,
        label: formatMonth(month),
      }))}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

function PlansWidget() {
  const { t } = useLingui();
  const plans = useQuery(dashboardPlansQueryOptions());
  const months = plans.data?.dashboardPlans ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const month = months.find((row) => row.month === chosen) ?? months[0];
  return (
    <WidgetCard id="my-plans" title={<Trans>My plans</Trans>}>
      {plans.isPending && <Loading label={<Trans>Loading plans…</Trans>} />}
      {plans.isError && <LoadError what={<Trans>Your plans could not be loaded.</Trans>} retry={() => void plans.refetch()} />}
      {plans.isSuccess && (!month || months.every((row) => row.count === 0)) && (
        <Text c="dimmed">
          <Trans>You have no plans yet.</Trans>
        </Text>
      )}
      {plans.isSuccess && month && months.some((row) => row.count > 0) && (
        <>
          <MonthSelect label={t`Month`} months={months.map((row) => row.month)} value={month.month} onChange={setChosen} />
          <Group gap="xl">
            <Figure label={<Trans>Plans</Trans>} value={String(month.count)} testId="plans-count" />
            <Figure label={<Trans>Active</Trans>} value={String(month.active)} testId="plans-active" />
          </Group>
        </>
      )}
    </WidgetCard>
  );
}

function DealsWidget({ team }: { team: boolean }) {
  const deals = useQuery(dashboardDealsQueryOptions(team ? 'team' : 'mine'));
  // With the deals module on, the widget counts real-estate deals: it leads to them.
  const dealsOn = hasModule(useTenant().whiteLabel, 'deals');
  const value: DashboardDeals | undefined = deals.data;
  const prefix = team ? 'team-deals' : 'my-deals';
  return (
    <WidgetCard id={prefix} title={team ? <Trans>Team deals</Trans> : <Trans>My deals</Trans>}>
      {deals.isPending && <Loading label={<Trans>Loading deals…</Trans>} />}
      {deals.isError && <LoadError what={<Trans>The deals could not be loaded.</Trans>} retry={() => void deals.refetch()} />}
      {value && value.dealsCount === 0 && (
        <Text c="dimmed">{team ? <Trans>Your team has no deals yet.</Trans> : <Trans>You have no deals yet.</Trans>}</Text>
      )}
      {value && value.dealsCount > 0 && (
        <Group gap="xl">
          <Figure
            label={<Trans>Deals total</Trans>}
            value={formatMoney(value.dealsSum, value.currency)}
            testId={`${prefix}-sum`}
          />
          <Figure label={<Trans>Deals</Trans>} value={String(value.dealsCount)} testId={`${prefix}-count`} />
        </Group>
      )}
      {dealsOn && (
        <RouterAnchor to="/deals" search={{ tab: team ? 'team' : 'mine' }} size="sm" mt="xs" display="inline-block">
          {team ? <Trans>See the team’s deals</Trans> : <Trans>See your deals</Trans>}
        </RouterAnchor>
      )}
    </WidgetCard>
  );
}

function FinanceWidget() {
  const { t } = useLingui();
  const finance = useQuery(dashboardFinanceQueryOptions());
  const months = finance.data?.dashboardFinance ?? [];
  const [profitMonth, setProfitMonth] = useState<string | null>(null);
  const [investMonth, setInvestMonth] = useState<string | null>(null);
  const profit = months.find((row) => row.month === profitMonth) ?? months[0];
  const invested = months.find((row) => row.month === investMonth) ?? months[0];
  const empty = months.every((row) => isZero(row.profitSum) && isZero(row.invSum));
  const list = months.map((row) => row.month);
  return (
    <WidgetCard id="my-finance" title={<Trans>My finance</Trans>}>
      {finance.isPending && <Loading label={<Trans>Loading finance…</Trans>} />}
      {finance.isError && (
        <LoadError what={<Trans>Your finance could not be loaded.</Trans>} retry={() => void finance.refetch()} />
      )}
      {finance.isSuccess && empty && (
        <Text c="dimmed">
          <Trans>No profit and no investments in the last 12 months.</Trans>
        </Text>
      )}
      {finance.isSuccess && !empty && profit && invested && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Stack gap="xs">
            <MonthSelect label={t`Profit in`} months={list} value={profit.month} onChange={setProfitMonth} />
            <Figure label={<Trans>Profit</Trans>} value={formatMoney(profit.profitSum, 'USDT')} testId="finance-profit" />
          </Stack>
          <Stack gap="xs">
            <MonthSelect label={t`Invested in`} months={list} value={invested.month} onChange={setInvestMonth} />
            <Figure label={<Trans>Invested</Trans>} value={formatMoney(invested.invSum, 'USDT')} testId="finance-invested" />
          </Stack>
        </SimpleGrid>
      )}
    </WidgetCard>
  );
}
