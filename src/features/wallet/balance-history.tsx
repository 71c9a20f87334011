// The balance history (spec §2 /balance, §9 history ranges and entry types): the available balance of all
// wallets (valued in USDT) over a range as a line, with the sums of its entry types. It says it is the
// available balance, as the header's figure is the total with what is locked.
import { Card, Group, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, Title, useMatches } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { historyEntryTypes, historyRangeKeys, isHistoryRange, type HistoryEntryType, type HistoryRange } from '../../../domain/ledger';
import { extent, positionBetween, sum } from '../../../domain/money';
import { balanceHistoryQueryOptions, type BalanceHistoryAnswer } from '../../api/wallet';
import { LoadError, Loading } from '../../components/load-state';
import { formatMoney } from '../../lib/format';
import { historyEntryNames, historyRangeNames } from './transaction-types';

const entryField: Record<HistoryEntryType, 'realised_pnl' | 'deposit' | 'withdrawal' | 'affiliate_payout'> = {
  RealisedPNL: 'realised_pnl',
  Deposit: 'deposit',
  Withdrawal: 'withdrawal',
  AffiliatePayout: 'affiliate_payout',
};

export function History({ range, onRangeChange }: { range: HistoryRange; onRangeChange: (range: HistoryRange) => void }) {
  const { t, i18n } = useLingui();
  const history = useQuery({ ...balanceHistoryQueryOptions(range), placeholderData: keepPreviousData });
  const answer = history.data?.balanceHistory;
  // The five periods fit side by side from the xs breakpoint; on a phone they are a select, which fits in every
  // language. Known at the first render, so a desktop never sees them jump.
  const periodsSideBySide = useMatches({ base: false, xs: true }, { getInitialValueInEffect: false });
  const periods = historyRangeKeys.map((key) => ({ value: key, label: i18n._(historyRangeNames[key]) }));
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="history-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Stack gap={0}>
          <Title order={2} size="h4" id="history-title">
            <Trans>Balance history</Trans>
          </Title>
          <Text size="xs" c="dimmed" data-testid="history-caption">
            <Trans>Available balance of all wallets, valued in USDT (without what is locked)</Trans>
          </Text>
        </Stack>
        {periodsSideBySide ? (
          <SegmentedControl
            aria-label={t`Period`}
            value={range}
            onChange={(value) => isHistoryRange(value) && onRangeChange(value)}
            data={periods}
            data-testid="history-range"
          />
        ) : (
          <NativeSelect
            aria-label={t`Period`}
            value={range}
            onChange={(event) => isHistoryRange(event.currentTarget.value) && onRangeChange(event.currentTarget.value)}
            data={periods}
            data-testid="history-range"
          />
        )}
      </Group>
      {history.isPending && <Loading label={<Trans>Loading the balance history…</Trans>} />}
      {history.isError && !answer && <LoadError what={<Trans>The balance history could not be loaded.</Trans>} retry={() => void history.refetch()} />}
      {answer && (
        <Stack gap="md" aria-busy={history.isPlaceholderData} data-range={answer.range} data-testid="balance-history">
          <HistoryChart history={answer} />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {historyEntryTypes.map((entry) => {
              const total = sum(answer.points.map((point) => point[entryField[entry]]));
              return (
                <Stack key={entry} gap={0}>
                  <Text size="xs" c="dimmed">
                    {i18n._(historyEntryNames[entry])}
                  </Text>
                  <Text fw={600} data-testid={`history-${entry}`}>
                    {formatMoney(total, answer.currency)}
                  </Text>
                </Stack>
              );
            })}
          </SimpleGrid>
        </Stack>
      )}
    </Card>
  );
}

const chart = { width: 640, height: 200, pad: 8 };

function HistoryChart({ history }: { history: BalanceHistoryAnswer }) {
  const { t, i18n } = useLingui();
  const points = history.points;
  if (points.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>No movements in this period.</Trans>
      </Text>
    );
  }
  const { low, high } = extent(points.map((point) => point.balance));
  const x = (index: number) => chart.pad + (points.length === 1 ? 0.5 : index / (points.length - 1)) * (chart.width - 2 * chart.pad);
  const y = (balance: string) => chart.height - chart.pad - positionBetween(balance, low, high) * (chart.height - 2 * chart.pad);
  const line = points.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(point.balance).toFixed(1)}`).join(' ');
  const dateFormat = new Intl.DateTimeFormat(i18n.locale || 'en', history.bucket === 'month' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const first = points[0]!;
  const last = points.at(-1)!;
  const from = dateFormat.format(new Date(first.date));
  const to = dateFormat.format(new Date(last.date));
  const lowText = formatMoney(low, history.currency);
  const highText = formatMoney(high, history.currency);
  const lastText = formatMoney(last.balance, history.currency);
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        width="100%"
        height={chart.height}
        preserveAspectRatio="none"
        role="img"
        aria-label={t`Available balance from ${from} to ${to}: lowest ${lowText}, highest ${highText}, available now ${lastText}`}
        data-testid="history-chart"
        data-points={points.length}
      >
        <path d={line} fill="none" stroke="var(--mantine-primary-color-filled)" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      </svg>
      {/* The dates at the ends of the line, the figures under them: side by side they broke into one word a line. */}
      <Stack gap={2} component="figcaption">
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {from}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {to}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" ta="center" data-testid="history-figures">
          <Trans>
            Lowest {lowText} · highest {highText} · available now {lastText}
          </Trans>
        </Text>
      </Stack>
    </figure>
  );
}
