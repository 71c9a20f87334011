// /ranking/{id}?period= (issue 32; public): a ranked strategy's page: its figures over the chosen period with the
// equity curve, its figures over every period with their sample sizes, and the trader's rules. A member goes on to the
// strategy's own page to follow it; a visitor logs in first and lands there.
import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isAppError } from '../../../../domain/app-error';
import type { RankingPeriod } from '../../../../domain/copy-trading';
import { periodOf, rankingQueryOptions } from '../../../api/copy-trading';
import { LoadError, Loading } from '../../../components/load-state';
import { RouterAnchor, RouterButton } from '../../../components/router-links';
import { appErrorText } from '../../../lib/app-error-text';
import { formatDate } from '../../../lib/format';
import { useTenant } from '../../../lib/tenant-context';
import { EquityCurve } from './strategy-equity';
import { PeriodSwitch, RiskBadge, Trader, TraderRules } from './strategy-parts';
import { PeriodFigures, StrategyStatsTable } from './strategy-stats';
import { periodNames } from './strategy.messages';

function BackToRankings({ period }: { period: RankingPeriod }) {
  const { i18n } = useLingui();
  const periodName = i18n._(periodNames[period]);
  return (
    <RouterAnchor to="/rankings/{-$id}" params={{ id: period }} size="sm">
      <Trans>Rankings over {periodName}</Trans>
    </RouterAnchor>
  );
}

export function RankingPage({
  id,
  period,
  onPeriodChange,
  signedIn,
}: {
  id: string;
  period: RankingPeriod;
  onPeriodChange: (period: RankingPeriod) => void;
  signedIn: boolean;
}) {
  const { i18n } = useLingui();
  const tenant = useTenant();
  const query = useQuery({ ...rankingQueryOptions(tenant.uuid, id, period), placeholderData: keepPreviousData });
  if (query.isPending) return <Loading label={<Trans>Loading the strategy…</Trans>} />;
  if (query.isError && !query.data) {
    if (isAppError(query.error) && query.error.reason === 'AccountNotFound') {
      return (
        <Alert color="gray" data-testid="ranking-not-found">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{appErrorText(query.error)}</Text>
            <BackToRankings period={period} />
          </Stack>
        </Alert>
      );
    }
    return <LoadError what={<Trans>The strategy could not be loaded.</Trans>} retry={() => void query.refetch()} />;
  }
  const detail = query.data;
  // The period of the curve shown (the last answer stays until the next one comes).
  const shown = periodOf(detail.period);
  const periodName = i18n._(periodNames[shown]);
  const stats = detail.all_stats.find((row) => row.period === shown);
  const [started, exchange, asset] = [formatDate(detail.started_at), detail.exchange_name, detail.quote_asset];
  const strategyPage = `/copy-trading/${detail.strategy_id}`;
  return (
    <Stack gap="lg" data-testid="ranking-page" data-strategy={detail.strategy_id}>
      <BackToRankings period={period} />
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h3">
            {detail.strategy_name}
          </Title>
          <RiskBadge risk={detail.risk} />
        </Group>
        <Group gap="md">
          <Trader name={detail.trader_name} avatar={detail.trader_avatar} />
          <Text size="sm" c="dimmed">
            <Trans>
              {exchange} · {asset} · runs since {started}
            </Trans>
          </Text>
        </Group>
        <Group>
          {signedIn ? (
            <RouterButton to="/copy-trading/{-$id}" params={{ id: detail.strategy_id }} search={{}}>
              <Trans>Open in copy trading</Trans>
            </RouterButton>
          ) : (
            <RouterButton to="/login" search={{ to: strategyPage }}>
              <Trans>Log in to copy this strategy</Trans>
            </RouterButton>
          )}
        </Group>
      </Stack>
      <Card withBorder padding="md" component="section" aria-labelledby="strategy-period-title" aria-busy={query.isPlaceholderData}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Title order={3} size="h4" id="strategy-period-title">
              <Trans>Over {periodName}</Trans>
            </Title>
            <PeriodSwitch value={period} onChange={onPeriodChange} />
          </Group>
          {stats && <PeriodFigures stats={stats} quoteAsset={detail.quote_asset} />}
          <EquityCurve points={detail.equity} currency={detail.quote_asset} periodName={periodName} />
        </Stack>
      </Card>
      <StrategyStatsTable stats={detail.all_stats} quoteAsset={detail.quote_asset} />
      <TraderRules description={detail.description} />
    </Stack>
  );
}
