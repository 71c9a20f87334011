// /rankings/{period?} (issue 32; spec §2: public, the member layout when signed in): the top 100 strategies over the
// period by ROI among those that qualify, with the trader, ROI, PnL, largest drawdown and win rate each beside the
// trades they come from, the trades and the runtime; what the period asks to be ranked, and when the figures were
// computed (every 15 minutes). A table on wide screens, a card per place on a phone.
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RankingPeriod } from '../../../../domain/copy-trading';
import { periodOf, rankingsQueryOptions, type RankingEntry } from '../../../api/copy-trading';
import { LoadError, Loading } from '../../../components/load-state';
import { RouterAnchor } from '../../../components/router-links';
import { useTenant } from '../../../lib/tenant-context';
import { percentText, signedMoneyText, signedPercentText } from './strategy-format';
import { DaysText, PeriodSwitch, RankingMinimum, RiskBadge, Sampled, Trader, TradesSample } from './strategy-parts';
import { StrategyRows, type RowColumn } from './strategy-rows';
import { ComputedAt } from './strategy-stats';
import { periodNames } from './strategy.messages';

function StrategyLink({ entry, period }: { entry: RankingEntry; period: RankingPeriod }) {
  return (
    <RouterAnchor to="/ranking/$id" params={{ id: entry.strategy_id }} search={{ period }}>
      {entry.strategy_name}
    </RouterAnchor>
  );
}

function useColumns(period: RankingPeriod): RowColumn<RankingEntry>[] {
  const sample = (entry: RankingEntry) => <TradesSample trades={entry.stats.trades} />;
  return [
    { id: 'rank', header: <Trans>Rank</Trans>, cell: (entry) => `#${entry.rank}`, inCardTitle: true },
    { id: 'trader', header: <Trans>Trader</Trans>, cell: (entry) => <Trader name={entry.trader_name} avatar={entry.trader_avatar} /> },
    {
      id: 'strategy',
      header: <Trans>Strategy</Trans>,
      inCardTitle: true,
      cell: (entry) => (
        <Stack gap={4} align="flex-start">
          <StrategyLink entry={entry} period={period} />
          <RiskBadge risk={entry.risk} />
        </Stack>
      ),
    },
    { id: 'roi', header: <Trans>ROI</Trans>, numeric: true, cell: (entry) => <Sampled sample={sample(entry)}>{signedPercentText(entry.stats.roi_percent)}</Sampled> },
    {
      id: 'pnl',
      header: <Trans>PnL</Trans>,
      numeric: true,
      cell: (entry) => <Sampled sample={sample(entry)}>{signedMoneyText(entry.stats.pnl, entry.quote_asset)}</Sampled>,
    },
    {
      id: 'drawdown',
      header: <Trans>Max drawdown</Trans>,
      numeric: true,
      cell: (entry) => <Sampled sample={sample(entry)}>{percentText(entry.stats.max_drawdown_percent)}</Sampled>,
    },
    {
      id: 'winRate',
      header: <Trans>Win rate</Trans>,
      numeric: true,
      cell: (entry) => <Sampled sample={sample(entry)}>{entry.stats.win_rate_percent ? percentText(entry.stats.win_rate_percent) : '—'}</Sampled>,
    },
    { id: 'trades', header: <Trans>Trades</Trans>, numeric: true, cell: (entry) => entry.stats.trades },
    { id: 'runtime', header: <Trans>Runtime</Trans>, numeric: true, cell: (entry) => <DaysText days={entry.stats.runtime_days} /> },
  ];
}

export function RankingsView({ period, onPeriodChange }: { period: RankingPeriod; onPeriodChange: (period: RankingPeriod) => void }) {
  const { t, i18n } = useLingui();
  const tenant = useTenant();
  const query = useQuery({ ...rankingsQueryOptions(tenant.uuid, period), placeholderData: keepPreviousData });
  const ranking = query.data;
  // The period of the ranking shown (the last answer stays until the next one comes).
  const shown = ranking ? periodOf(ranking.period) : period;
  const columns = useColumns(shown);
  const periodName = i18n._(periodNames[shown]);
  return (
    <Stack gap="md">
      <PeriodSwitch value={period} onChange={onPeriodChange} />
      {query.isPending && <Loading label={<Trans>Loading the ranking…</Trans>} />}
      {query.isError && !ranking && <LoadError what={<Trans>The ranking could not be loaded.</Trans>} retry={() => void query.refetch()} />}
      {ranking && (
        <Stack gap="sm" component="section" aria-labelledby="ranking-title" aria-busy={query.isPlaceholderData} data-testid="ranking" data-period={ranking.period}>
          <Title order={2} size="h4" id="ranking-title">
            <Trans>Top strategies over {periodName}</Trans>
          </Title>
          <Text size="sm" data-testid="ranking-minimum">
            <RankingMinimum periodName={periodName} runtimeDays={ranking.min_runtime_days} trades={ranking.min_trades} />
          </Text>
          <ComputedAt at={ranking.computed_at} />
          {ranking.entries.length === 0 ? (
            <Card withBorder data-testid="ranking-empty">
              <Text size="sm" c="dimmed">
                {ranking.computed_at ? (
                  <Trans>No strategy qualifies over {periodName} yet.</Trans>
                ) : (
                  <Trans>The ranking has not been computed yet. Come back in a few minutes.</Trans>
                )}
              </Text>
            </Card>
          ) : (
            <StrategyRows
              rows={ranking.entries}
              columns={columns}
              rowKey={(entry) => entry.strategy_id}
              label={t`Top strategies over ${periodName}`}
              testId="ranking-entries"
              rowTestId="ranking-entry"
              tableWidth={760}
              rowLabel={(entry) => `#${entry.rank} ${entry.strategy_name}`}
              cardTitle={(entry) => (
                <Group gap="xs">
                  <span>#{entry.rank}</span>
                  <StrategyLink entry={entry} period={shown} />
                  <RiskBadge risk={entry.risk} />
                </Group>
              )}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
