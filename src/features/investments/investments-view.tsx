// /investments (issue 27 "Investment plans"): the tenant's plans as cards (their terms, Activate on each) and
// the member's plans by status (active; finished, stopped early among them with its penalty), each with its
// amount, dates, accrued, paid out, final amount and next accrual, and for an active plan three figures side by
// side: what stopping now pays, what it pays at the term, and what it has paid already. The page's flow
// (InvestPlansContext) loads both lists and runs the Activate and Stop early dialogs.
import { Alert, Button, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { stopQuote } from '../../../domain/investments';
import * as page from '../../../machines/investments/invest-plans.selectors';
import type { InvestPlan, MemberInvestPlan } from '../../../machines/investments/investments.types';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { LoadError } from '../../components/load-state';
import { StatusBadge } from '../../components/status-badge';
import { InvestPlansContext } from './investments.contexts';
import { statusNames } from './investments.messages';
import { Figure } from '../../components/figure';
import { PlanTerms } from './plan-terms';
import { ActivateDialog } from './activate-dialog';
import { StopDialog } from './stop-dialog';

function PlanCard({ plan }: { plan: InvestPlan }) {
  const activate = InvestPlansContext.useSelector(page.selectActivateRef);
  const titleId = `invest-plan-${plan.id}`;
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4" id={titleId}>
            {plan.name}
          </Title>
          <Text size="sm" c="dimmed">
            {plan.currency}
          </Text>
        </Group>
        {plan.description && <Text size="sm">{plan.description}</Text>}
        <PlanTerms plan={plan} />
        <Group mt="auto">
          <Button onClick={() => activate?.send({ type: 'dialog.open', plan })} aria-describedby={titleId}>
            <Trans>Activate</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** An active plan's three figures (issue 27 "Beyond the reference systems"), from the rule the server uses. */
function ThreeFigures({ entry }: { entry: MemberInvestPlan }) {
  const { t } = useLingui();
  const money = (amount: string) => formatMoney(amount, entry.currency);
  const quote = stopQuote(entry.amount, entry.plan, entry.periodsDone);
  return (
    <SimpleGrid cols={3} spacing="xs" component="dl" m={0} aria-label={t`Stop now, at the term, received`}>
      <Figure label={t`Stop now pays`} testId="figure-stop-now">
        {money(quote.payout)}
      </Figure>
      <Figure label={t`At the term`} testId="figure-at-term">
        {money(entry.finalAmount)}
      </Figure>
      <Figure label={t`Received so far`} testId="figure-received">
        {money(entry.paidOut)}
      </Figure>
    </SimpleGrid>
  );
}

function MyPlanCard({ entry }: { entry: MemberInvestPlan }) {
  const { t, i18n } = useLingui();
  const stop = InvestPlansContext.useSelector(page.selectStopRef);
  const money = (amount: string) => formatMoney(amount, entry.currency);
  const titleId = `my-invest-plan-${entry.id}`;
  const status = entry.stoppedEarly ? 'stopped' : entry.status;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={titleId} data-testid="my-plan">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5" id={titleId}>
            {entry.plan.name} · {money(entry.amount)}
          </Title>
          <StatusBadge status={entry.status} label={i18n._(statusNames[status])} />
        </Group>
        {entry.status === 'active' && <ThreeFigures entry={entry} />}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" component="dl" m={0}>
          <Figure label={t`Started`}>{formatDate(entry.startedAt)}</Figure>
          <Figure label={entry.stoppedEarly ? t`Stopped` : t`Ends`}>{formatDate(entry.stoppedEarly && entry.finishedAt ? entry.finishedAt : entry.endsAt)}</Figure>
          <Figure label={t`Accrued`}>{money(entry.accrued)}</Figure>
          <Figure label={t`Paid out`}>{money(entry.paidOut)}</Figure>
          <Figure label={t`Final amount`}>{money(entry.finalAmount)}</Figure>
          {entry.nextAccrualAt && <Figure label={t`Next accrual`}>{formatDateTime(entry.nextAccrualAt)}</Figure>}
          {entry.stoppedEarly && entry.penalty && (
            <Figure label={t`Penalty`} testId="figure-penalty">
              {money(entry.penalty)}
            </Figure>
          )}
        </SimpleGrid>
        {entry.status === 'active' && (
          <Group>
            <Button
              variant="default"
              onClick={() => stop?.send({ type: 'dialog.open', target: { id: entry.id, name: entry.plan.name, currency: entry.currency } })}
              aria-describedby={titleId}
            >
              <Trans>Stop early</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function PlansSkeleton() {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" role="status" aria-label={t`Loading investment plans`} aria-busy>
      {[0, 1, 2].map((index) => (
        <Card key={index} withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Skeleton h={24} w="60%" />
            <Skeleton h={14} />
            <Skeleton h={14} />
            <Skeleton h={36} w={100} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function MyPlans() {
  const { t, i18n } = useLingui();
  const actor = InvestPlansContext.useActorRef();
  const filter = InvestPlansContext.useSelector(page.selectFilter);
  const shown = InvestPlansContext.useSelector(page.selectFilteredPlans);
  const refreshing = InvestPlansContext.useSelector(page.selectRefreshing);
  return (
    <Stack gap="md" component="section" aria-labelledby="my-invest-plans" aria-busy={refreshing}>
      <Group justify="space-between">
        <Title order={2} size="h3" id="my-invest-plans">
          <Trans>My plans</Trans>
        </Title>
        <SegmentedControl
          aria-label={t`Show plans`}
          value={filter}
          onChange={(value) => actor.send({ type: 'filter.change', status: value === 'finished' ? 'finished' : 'active' })}
          data={[
            { value: 'active', label: i18n._(statusNames.active) },
            { value: 'finished', label: i18n._(statusNames.finished) },
          ]}
        />
      </Group>
      {shown.length === 0 ? (
        <Text c="dimmed" role="status">
          {filter === 'active' ? <Trans>You have no active plans. Activate one above.</Trans> : <Trans>You have no finished plans yet.</Trans>}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {shown.map((entry) => (
            <MyPlanCard key={entry.id} entry={entry} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

export function InvestmentsView() {
  const { t } = useLingui();
  const actor = InvestPlansContext.useActorRef();
  const loading = InvestPlansContext.useSelector(page.selectLoading);
  const failed = InvestPlansContext.useSelector(page.selectLoadFailed);
  const plans = InvestPlansContext.useSelector(page.selectPlans);
  const activate = InvestPlansContext.useSelector(page.selectActivateRef);
  const stop = InvestPlansContext.useSelector(page.selectStopRef);
  // The page's heading is the shell's (the route's title).
  if (loading) return <PlansSkeleton />;
  if (failed) return <LoadError what={t`The investment plans could not be loaded.`} retry={() => actor.send({ type: 'retry' })} />;
  return (
    <Stack gap="xl">
      <Stack gap="md" component="section" aria-labelledby="invest-plans">
        <Title order={2} size="h3" id="invest-plans">
          <Trans>Plans</Trans>
        </Title>
        {plans.length === 0 ? (
          <Alert color="gray" role="status">
            <Trans>There are no investment plans to choose from yet.</Trans>
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <MyPlans />
      {activate && <ActivateDialog actor={activate} />}
      {stop && <StopDialog actor={stop} />}
    </Stack>
  );
}
