// A strategy's equity curve over a period, readable without seeing it: a caption that sums it up (from, to, lowest,
// highest, the change) and its figures as a table a member can open, beside the chart (strategy-equity-chart.tsx,
// loaded on demand).
import { lazy, Suspense } from 'react';
import { Box, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { extent, subtract, type Decimal } from '../../../../domain/money';
import type { EquityPoint } from '../../../api/copy-trading';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { signedMoneyText } from './strategy-format';

const StrategyEquityChart = lazy(() => import('./strategy-equity-chart'));

// A plot position only: the figures shown come from the Decimal strings.
const plotPosition = (equity: Decimal) => Number(equity);

export function EquityCurve({ points, currency, periodName }: { points: readonly EquityPoint[]; currency: string; periodName: string }) {
  const { t } = useLingui();
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) {
    return (
      <Text size="sm" c="dimmed" data-testid="equity-empty">
        <Trans>No equity figures over {periodName} yet.</Trans>
      </Text>
    );
  }
  const { low, high } = extent(points.map((point) => point.equity));
  const [from, to] = [formatDateTime(first.at), formatDateTime(last.at)];
  const [start, end, lowest, highest] = [first.equity, last.equity, low, high].map((value) => formatMoney(value, currency));
  const count = points.length;
  const change = signedMoneyText(subtract(last.equity, first.equity), currency);
  const summary = t`Equity over ${periodName}: ${start} on ${from}, ${end} on ${to} (${change}); lowest ${lowest}, highest ${highest}.`;
  return (
    <Stack gap="xs" component="figure" m={0} data-testid="equity-curve">
      <Suspense fallback={<Skeleton h={240} />}>
        <StrategyEquityChart
          label={summary}
          points={points.map((point) => ({ day: formatDate(point.at), when: formatDateTime(point.at), position: plotPosition(point.equity), shown: formatMoney(point.equity, currency) }))}
        />
      </Suspense>
      <Text component="figcaption" size="sm" data-testid="equity-summary">
        {summary}
      </Text>
      <Box component="details">
        <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
          <Trans>The curve’s figures ({count})</Trans>
        </Text>
        <Table aria-label={t`Equity over ${periodName}`} verticalSpacing={4} mt="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <Trans>Time</Trans>
              </Table.Th>
              <Table.Th scope="col" ta="right">
                <Trans>Equity</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {points.map((point, index) => (
              <Table.Tr key={index}>
                <Table.Td>{formatDateTime(point.at)}</Table.Td>
                <Table.Td ta="right">{formatMoney(point.equity, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Stack>
  );
}
