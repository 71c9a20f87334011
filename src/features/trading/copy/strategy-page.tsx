// /copy-trading/{id} (issue 32): a strategy's figures over the chosen period with its equity curve (a caption and the
// figures as text beside the chart), its figures per period with their sample sizes, the trader's rules, its latest
// trades, and what following it takes (places left, minimum deposit, quote asset, fee) with Connect: the route hands
// the Connect panel in through `renderConnect`; without it the page is whole, only without the action.
import type { ReactNode } from 'react';
import { Alert, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isAppError } from '../../../../domain/app-error';
import { defaultPeriod, type RankingPeriod } from '../../../../domain/copy-trading';
import { periodOf, strategyQueryOptions, type StrategyDetail } from '../../../api/copy-trading';
import { Figure } from '../../../components/figure';
import { LoadError, Loading } from '../../../components/load-state';
import { RouterAnchor } from '../../../components/router-links';
import { appErrorText } from '../../../lib/app-error-text';
import { formatDate, formatMoney } from '../../../lib/format';
import { useTenant } from '../../../lib/tenant-context';
import { percentText } from './strategy-format';
import { EquityCurve } from './strategy-equity';
import { Availability, FollowersFigure, PeriodSwitch, RiskBadge, Trader, TraderRules } from './strategy-parts';
import { PeriodFigures, StrategyStatsTable } from './strategy-stats';
import { StrategyTrades } from './strategy-trades';
import { periodNames } from './strategy.messages';

/** What the Connect panel is given: the strategy as the page shows it. */
export interface ConnectStrategy {
  id: string;
  name: string;
  quote_asset: string;
  min_deposit: string;
  in_probation: boolean;
  capacity_left: number;
  mine: boolean;
}

function FollowCard({ strategy, renderConnect }: { strategy: StrategyDetail; renderConnect?: (strategy: ConnectStrategy) => ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="strategy-follow-title" data-testid="strategy-follow">
      <Stack gap="sm">
        <Title order={3} size="h4" id="strategy-follow-title">
          <Trans>Follow this strategy</Trans>
        </Title>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" component="dl" m={0}>
          <FollowersFigure strategy={strategy} />
          <Figure label={<Trans>Minimum deposit</Trans>} testId="strategy-min-deposit">
            {formatMoney(strategy.min_deposit, strategy.quote_asset)}
          </Figure>
          <Figure label={<Trans>Quote asset</Trans>} testId="strategy-quote">
            {strategy.quote_asset}
          </Figure>
          <Figure label={<Trans>Trader’s fee on profit</Trans>} testId="strategy-fee">
            {percentText(strategy.fee_percent)}
          </Figure>
        </SimpleGrid>
        <Availability strategy={strategy} />
        {strategy.mine && (
          <Text size="sm" data-testid="strategy-mine">
            <Trans>You run this strategy.</Trans>
          </Text>
        )}
        {renderConnect?.(strategy)}
      </Stack>
    </Card>
  );
}

function NotFound() {
  return (
    <Alert color="gray" data-testid="strategy-not-found">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{appErrorText({ code: 'server', reason: 'AccountNotFound' })}</Text>
        <RouterAnchor to="/copy-trading/{-$id}" params={{}} size="sm">
          <Trans>See all strategies</Trans>
        </RouterAnchor>
      </Stack>
    </Alert>
  );
}

export function StrategyPage({
  id,
  period,
  onPeriodChange,
  renderConnect,
}: {
  id: string;
  period: RankingPeriod;
  onPeriodChange: (period: RankingPeriod) => void;
  renderConnect?: (strategy: ConnectStrategy) => ReactNode;
}) {
  const { i18n } = useLingui();
  const tenant = useTenant();
  const query = useQuery({ ...strategyQueryOptions(tenant.uuid, id, period), placeholderData: keepPreviousData });
  if (query.isPending) return <Loading label={<Trans>Loading the strategy…</Trans>} />;
  if (query.isError && !query.data) {
    if (isAppError(query.error) && query.error.reason === 'AccountNotFound') return <NotFound />;
    return <LoadError what={<Trans>The strategy could not be loaded.</Trans>} retry={() => void query.refetch()} />;
  }
  const strategy = query.data;
  // The period of the figures shown (the last answer stays until the next one comes).
  const periodName = i18n._(periodNames[periodOf(strategy.stats.period)]);
  const [started, exchange] = [formatDate(strategy.started_at), strategy.exchange_name];
  return (
    <Stack gap="lg" data-testid="strategy-page" data-strategy={strategy.id}>
      <RouterAnchor to="/copy-trading/{-$id}" params={{}} search={{ period: period === defaultPeriod ? undefined : period }} size="sm">
        <Trans>All strategies</Trans>
      </RouterAnchor>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h3">
            {strategy.name}
          </Title>
          <RiskBadge risk={strategy.risk} />
        </Group>
        <Group gap="md">
          <Trader name={strategy.trader_name} avatar={strategy.trader_avatar} />
          <Text size="sm" c="dimmed">
            <Trans>
              {exchange} · runs since {started}
            </Trans>
          </Text>
        </Group>
      </Stack>
      <Grid gap="lg">
        {/* On a phone what following takes comes first, the figures after it. */}
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Card withBorder padding="md" component="section" aria-labelledby="strategy-period-title" aria-busy={query.isPlaceholderData}>
            <Stack gap="md">
              <Group justify="space-between" gap="sm">
                <Title order={3} size="h4" id="strategy-period-title">
                  <Trans>Over {periodName}</Trans>
                </Title>
                <PeriodSwitch value={period} onChange={onPeriodChange} />
              </Group>
              <PeriodFigures stats={strategy.stats} quoteAsset={strategy.quote_asset} />
              <EquityCurve points={strategy.equity} currency={strategy.quote_asset} periodName={periodName} />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <FollowCard strategy={strategy} renderConnect={renderConnect} />
        </Grid.Col>
      </Grid>
      <StrategyStatsTable stats={strategy.all_stats} quoteAsset={strategy.quote_asset} />
      <TraderRules description={strategy.description} />
      <StrategyTrades trades={strategy.recent_trades} quoteAsset={strategy.quote_asset} />
    </Stack>
  );
}
