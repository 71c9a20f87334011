// The calculator's schedule as a chart (@mantine/charts, recharts underneath): per period, what the plan has
// earned and what stopping right then would pay. Loaded with its own chunk (and its own sheet) when an
// estimate is first shown. The figures become plot positions only here; every amount shown is the Decimal.
import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { useLingui } from '@lingui/react/macro';
import type { ScheduleRow } from '../../../domain/investments';

export default function ScheduleChart({ rows, label }: { rows: ScheduleRow[]; label: string }) {
  const { t } = useLingui();
  const data = rows.map((row) => ({ period: String(row.periodsDone), accrued: Number(row.accrued), stopPayout: Number(row.stopPayout) }));
  return (
    <div role="img" aria-label={label}>
      <AreaChart
        h={260}
        data={data}
        dataKey="period"
        withLegend
        series={[
          { name: 'accrued', label: t`Accrued profit`, color: 'teal.8' },
          { name: 'stopPayout', label: t`Stopping then pays`, color: 'orange.8' },
        ]}
        curveType="linear"
      />
    </div>
  );
}
