// A strategy's figures over each of the six periods (all_stats), with the trade count each figure comes from beside
// it, the runtime, and its place in that period's ranking or why it has none. Used by the strategy page and the
// ranking page.
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { isRankingPeriod, rankingMinimums, rankingTop } from '../../../../domain/copy-trading';
import { copyStatsRefresh } from '../../../../domain/timing';
import type { StrategyStats } from '../../../api/copy-trading';
import { Figure } from '../../../components/figure';
import { formatDateTime } from '../../../lib/format';
import { percentText, signedMoneyText, signedPercentText } from './strategy-format';
import { DaysText, Sampled, TradesSample, TradesText } from './strategy-parts';
import { StrategyRows, type RowColumn } from './strategy-rows';
import { periodNames } from './strategy.messages';

/** A period's name, or the contract's own word for one this portal does not know. */
export function usePeriodName() {
  const { i18n } = useLingui();
  return (period: string) => (isRankingPeriod(period) ? i18n._(periodNames[period]) : period);
}

/** The statistics' time, and that they are recomputed every 15 minutes (domain/timing copyStatsRefresh). */
export function ComputedAt({ at }: { at: string | null | undefined }) {
  const time = at ? formatDateTime(at) : null;
  const minutes = copyStatsRefresh / 60_000;
  return (
    <Text size="xs" c="dimmed" data-testid="computed-at">
      {time ? (
        <Trans>
          Computed at {time}; the statistics are recomputed every <Plural value={minutes} one="# minute" other="# minutes" />.
        </Trans>
      ) : (
        <Trans>
          Not computed yet; the statistics are recomputed every <Plural value={minutes} one="# minute" other="# minutes" />.
        </Trans>
      )}
    </Text>
  );
}

function RankCell({ stats }: { stats: StrategyStats }) {
  if (stats.ranked && stats.rank) return <>#{stats.rank}</>;
  // Qualified, but placed below the public top 100.
  if (stats.ranked) return <Trans>Below the top {rankingTop}</Trans>;
  const { runtimeDays, trades } = isRankingPeriod(stats.period) ? rankingMinimums[stats.period] : { runtimeDays: null, trades: null };
  return (
    <Sampled
      sample={
        runtimeDays !== null ? (
          <Trans>
            needs <DaysText days={runtimeDays} /> and <TradesText trades={trades ?? 0} />
          </Trans>
        ) : null
      }
    >
      <Trans>Not ranked</Trans>
    </Sampled>
  );
}

export function StrategyStatsTable({ stats, quoteAsset }: { stats: readonly StrategyStats[]; quoteAsset: string }) {
  const { t } = useLingui();
  const periodName = usePeriodName();
  const columns: RowColumn<StrategyStats>[] = [
    { id: 'period', header: <Trans>Period</Trans>, cell: (row) => periodName(row.period) },
    {
      id: 'roi',
      header: <Trans>ROI</Trans>,
      numeric: true,
      cell: (row) => <Sampled sample={<TradesSample trades={row.trades} />}>{signedPercentText(row.roi_percent)}</Sampled>,
    },
    {
      id: 'pnl',
      header: <Trans>PnL</Trans>,
      numeric: true,
      cell: (row) => <Sampled sample={<TradesSample trades={row.trades} />}>{signedMoneyText(row.pnl, quoteAsset)}</Sampled>,
    },
    {
      id: 'drawdown',
      header: <Trans>Max drawdown</Trans>,
      numeric: true,
      cell: (row) => <Sampled sample={<TradesSample trades={row.trades} />}>{percentText(row.max_drawdown_percent)}</Sampled>,
    },
    {
      id: 'winRate',
      header: <Trans>Win rate</Trans>,
      numeric: true,
      cell: (row) => <Sampled sample={<TradesSample trades={row.trades} />}>{row.win_rate_percent ? percentText(row.win_rate_percent) : '—'}</Sampled>,
    },
    { id: 'runtime', header: <Trans>Runtime</Trans>, numeric: true, cell: (row) => <DaysText days={row.runtime_days} /> },
    { id: 'rank', header: <Trans>Rank</Trans>, numeric: true, cell: (row) => <RankCell stats={row} /> },
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby="strategy-stats-title">
      <Title order={3} size="h4" id="strategy-stats-title">
        <Trans>Figures per period</Trans>
      </Title>
      <StrategyRows
        rows={stats}
        columns={columns}
        rowKey={(row) => row.period}
        label={t`Figures per period`}
        testId="strategy-stats"
        rowTestId="strategy-stats-period"
        tableWidth={600}
        rowLabel={(row) => periodName(row.period)}
      />
      <ComputedAt at={stats[0]?.computed_at} />
    </Stack>
  );
}

/** The figures over one period, each with its sample size, and its place in that period's ranking. */
export function PeriodFigures({ stats, quoteAsset }: { stats: StrategyStats; quoteAsset: string }) {
  const sample = <TradesSample trades={stats.trades} />;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing="xs" component="dl" m={0} data-testid="period-figures" data-period={stats.period}>
      <Figure label={<Trans>ROI</Trans>} testId="figure-roi">
        <Sampled sample={sample}>{signedPercentText(stats.roi_percent)}</Sampled>
      </Figure>
      <Figure label={<Trans>PnL</Trans>} testId="figure-pnl">
        <Sampled sample={sample}>{signedMoneyText(stats.pnl, quoteAsset)}</Sampled>
      </Figure>
      <Figure label={<Trans>Max drawdown</Trans>} testId="figure-drawdown">
        <Sampled sample={sample}>{percentText(stats.max_drawdown_percent)}</Sampled>
      </Figure>
      <Figure label={<Trans>Win rate</Trans>} testId="figure-win-rate">
        <Sampled sample={sample}>{stats.win_rate_percent ? percentText(stats.win_rate_percent) : '—'}</Sampled>
      </Figure>
      <Figure label={<Trans>Runtime</Trans>} testId="figure-runtime">
        <DaysText days={stats.runtime_days} />
      </Figure>
      <Figure label={<Trans>Rank</Trans>} testId="figure-rank">
        <RankCell stats={stats} />
      </Figure>
    </SimpleGrid>
  );
}
