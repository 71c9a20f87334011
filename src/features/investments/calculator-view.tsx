// /calculator (issue 27 "ROI calculator"): an amount and a plan of the tenant (or the terms typed by hand), and
// the estimate from the server's own rule (domain/investments.ts, Big decimals): total profit, final amount,
// the schedule per period with what stopping early pays at each point, as a table and a chart. Labelled as an
// estimate; with a tenant's plan, Activate leads to /investments with the plan and amount filled in.
import { lazy, Suspense } from 'react';
import { Alert, Box, Card, Checkbox, Group, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import * as calculator from '../../../machines/investments/roi-calculator.selectors';
import { investPlansQueryOptions } from '../../api/investments';
import { formatAmount, formatMoney } from '../../lib/format';
import { hasModule } from '../../lib/tenant';
import { useTenant } from '../../lib/tenant-context';
import { RoiCalculatorContext } from './investments.contexts';
import { Figure } from '../../components/figure';
import { RouterButton } from '../../components/router-links';

const ScheduleChart = lazy(() => import('./schedule-chart'));
const manualChoice = 'manual';

function Inputs() {
  const { t } = useLingui();
  const tenant = useTenant();
  const actor = RoiCalculatorContext.useActorRef();
  const amount = RoiCalculatorContext.useSelector(calculator.selectAmount);
  const planId = RoiCalculatorContext.useSelector(calculator.selectPlanId);
  const manual = RoiCalculatorContext.useSelector(calculator.selectManual);
  const withPlans = hasModule(tenant.whiteLabel, 'invest_plans');
  const plans = useQuery({ ...investPlansQueryOptions(tenant.uuid), enabled: withPlans }).data ?? [];
  const choice = planId ?? manualChoice;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={t`Your figures`}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t`Amount`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => actor.send({ type: 'amount.change', value: event.currentTarget.value })}
          />
          <Select
            label={t`Plan`}
            value={choice}
            allowDeselect={false}
            data={[...plans.map((plan) => ({ value: plan.id, label: plan.name })), { value: manualChoice, label: t`My own terms` }]}
            onChange={(value) => {
              const plan = plans.find((entry) => entry.id === value);
              actor.send(plan ? { type: 'plan.select', plan } : { type: 'plan.manual' });
            }}
          />
        </SimpleGrid>
        {choice === manualChoice && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <TextInput
              label={t`Rate per period, %`}
              inputMode="decimal"
              value={manual.ratePercent}
              onChange={(event) => actor.send({ type: 'manual.change', field: 'ratePercent', value: event.currentTarget.value })}
            />
            <TextInput
              label={t`Days per period`}
              inputMode="numeric"
              value={manual.periodDays}
              onChange={(event) => actor.send({ type: 'manual.change', field: 'periodDays', value: event.currentTarget.value })}
            />
            <TextInput
              label={t`Periods`}
              inputMode="numeric"
              value={manual.periods}
              onChange={(event) => actor.send({ type: 'manual.change', field: 'periods', value: event.currentTarget.value })}
            />
            <TextInput
              label={t`Early-stop penalty, %`}
              inputMode="decimal"
              value={manual.penaltyPercent}
              onChange={(event) => actor.send({ type: 'manual.change', field: 'penaltyPercent', value: event.currentTarget.value })}
            />
            <Checkbox
              label={t`Compounding`}
              checked={manual.compounding}
              onChange={(event) => actor.send({ type: 'compounding.change', compounding: event.currentTarget.checked })}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

function Estimate() {
  const { t } = useLingui();
  const estimate = RoiCalculatorContext.useSelector(calculator.selectEstimate);
  if (!estimate) {
    return (
      <Text c="dimmed" role="status">
        <Trans>Enter an amount and choose a plan (or type its terms) to see the estimate.</Trans>
      </Text>
    );
  }
  const money = (amount: string) => (estimate.currency ? formatMoney(amount, estimate.currency) : formatAmount(amount));
  return (
    <Stack gap="md" component="section" aria-labelledby="roi-estimate">
      <Title order={2} size="h3" id="roi-estimate">
        <Trans>Estimate</Trans>
      </Title>
      <Alert color="gray" role="note">
        <Trans>This is an estimate: it assumes the plan runs as its terms say. It is worked out as the portal accrues plans, to the cent.</Trans>
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" component="dl" m={0}>
        <Figure label={t`Total profit`} testId="estimate-profit">
          {money(estimate.totalProfit)}
        </Figure>
        <Figure label={t`Final amount`} testId="estimate-final">
          {money(estimate.finalAmount)}
        </Figure>
        <Figure label={t`Early-stop penalty`} testId="estimate-penalty">
          {money(estimate.penalty)}
        </Figure>
      </SimpleGrid>
      {estimate.planId && (
        <Group>
          <RouterButton to="/investments" search={{ plan: estimate.planId, amount: estimate.amount }}>
            <Trans>Activate</Trans>
          </RouterButton>
        </Group>
      )}
      <Suspense fallback={<Skeleton h={260} />}>
        <ScheduleChart rows={estimate.rows} label={t`The schedule as a chart: accrued profit and what stopping pays, period by period.`} />
      </Suspense>
      {/* A phone scrolls the table sideways: the keyboard reaches it too. */}
      <Box tabIndex={0} style={{ overflowX: 'auto' }} role="group" aria-label={t`Schedule per period`}>
        <Table aria-label={t`Schedule per period`} striped miw={520}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Period</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Profit</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Accrued</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Paid out</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Stopping then pays</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {estimate.rows.map((row) => (
              <Table.Tr key={row.periodsDone}>
                <Table.Td>{row.periodsDone === 0 ? <Trans>Start</Trans> : row.periodsDone}</Table.Td>
                <Table.Td ta="right">{money(row.profit)}</Table.Td>
                <Table.Td ta="right">{money(row.accrued)}</Table.Td>
                <Table.Td ta="right">{money(row.paidOut)}</Table.Td>
                <Table.Td ta="right">{money(row.stopPayout)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Stack>
  );
}

export function CalculatorView() {
  return (
    <Stack gap="lg">
      <Inputs />
      <Estimate />
    </Stack>
  );
}
