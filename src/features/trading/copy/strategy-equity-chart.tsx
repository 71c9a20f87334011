// A strategy's equity curve drawn with @mantine/charts (recharts underneath). Loaded in a chunk of its own when a
// curve is first shown, so the charts library stays out of every other page's first load. The equity becomes a
// plot position only here; the tooltip shows the exact Decimal, and the figures are given as text beside the chart.
import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

export interface EquityPlotPoint {
  /** The point's day, on the axis. */
  day: string;
  /** The point's time, in the tooltip. */
  when: string;
  /** The equity as a plot position (never shown as a figure). */
  position: number;
  /** The equity as text, from the Decimal. */
  shown: string;
}

export default function StrategyEquityChart({ points, label }: { points: EquityPlotPoint[]; label: string }) {
  const { i18n } = useLingui();
  const axis = new Intl.NumberFormat(i18n.locale || 'en', { notation: 'compact', maximumFractionDigits: 1 });
  // The curve's own range (with a margin), not from 0: a fall of a few percent must show.
  const positions = points.map((point) => point.position);
  const [low, high] = [Math.min(...positions), Math.max(...positions)];
  const margin = (high - low) * 0.1 || Math.abs(high) * 0.01 || 1;
  return (
    <div role="img" aria-label={label} data-testid="equity-chart" data-points={points.length}>
      <AreaChart
        h={240}
        data={points}
        dataKey="day"
        series={[{ name: 'position', label: 'equity', color: 'teal.7' }]}
        curveType="linear"
        withDots={false}
        gridAxis="y"
        valueFormatter={(position) => axis.format(position)}
        yAxisProps={{ domain: [low - margin, high + margin] }}
        tooltipAnimationDuration={0}
        tooltipProps={{
          content: ({ payload }) => {
            const point = (payload?.[0] as { payload?: EquityPlotPoint } | undefined)?.payload;
            if (!point) return null;
            return (
              <Paper px="sm" py={4} withBorder shadow="sm">
                <Text size="xs" c="dimmed">
                  {point.when}
                </Text>
                <Text size="sm" fw={600}>
                  {point.shown}
                </Text>
              </Paper>
            );
          },
        }}
      />
    </div>
  );
}
