// The project page's Invest panel (issue 28): what the member's tariff still allows here ("you can invest up to
// X: your tariff allows Y, you hold Z", the server's figures), the amount within the minimum, the cap, the goal
// and the balance, then a confirmation of what they will receive and when, and the result. A project that takes
// no more money, or a tariff that allows nothing more here, says so instead, with the tariffs that do.
import { Alert, Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { isZero } from '../../../domain/money';
import * as invest from '../../../machines/crowdfunding/invest.selectors';
import type { Project } from '../../../machines/crowdfunding/crowdfunding.types';
import { RouterAnchor, RouterButton } from '../../components/router-links';
import { formatDate, formatMoney } from '../../lib/format';
import { InvestContext } from './crowdfunding.contexts';

function Closed({ project }: { project: Project }) {
  return (
    <Alert color="gray" title={<Trans>Fundraising finished, so no investing.</Trans>} data-testid="invest-closed">
      {project.refundedAt ? (
        <Trans>The goal was not reached: every holding was refunded to the balance on {formatDate(project.refundedAt)}.</Trans>
      ) : project.goalReached ? (
        <Trans>The goal was reached. Holdings are paid out as the project's terms say.</Trans>
      ) : (
        <Trans>The fundraising ended on {formatDate(project.endsAt)}.</Trans>
      )}
    </Alert>
  );
}

function Capped({ project }: { project: Project }) {
  const money = (amount: string) => formatMoney(amount, project.currency);
  const tariffCap = project.viewerTariffCap ?? '0';
  return (
    <Alert color="blue" title={<Trans>Your tariff allows no more here</Trans>} data-testid="invest-capped">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {isZero(tariffCap) ? (
            <Trans>Investing in projects needs a tariff that allows it.</Trans>
          ) : (
            <Trans>
              Your tariff allows {money(tariffCap)} per project, and you hold {money(project.viewerInvested ?? '0')} here.
            </Trans>
          )}
        </Text>
        {project.capTariffs.length > 0 && (
          <List size="sm" data-testid="cap-tariffs">
            {project.capTariffs.map((tariff) => (
              <List.Item key={tariff.tariffId}>
                <Trans>
                  {tariff.name}: up to {money(tariff.cap)} per project
                </Trans>
              </List.Item>
            ))}
          </List>
        )}
        <RouterAnchor to="/tariffs" size="sm">
          <Trans>See the tariffs</Trans>
        </RouterAnchor>
      </Stack>
    </Alert>
  );
}

function AmountForm({ project }: { project: Project }) {
  const { t } = useLingui();
  const actor = InvestContext.useActorRef();
  const amount = InvestContext.useSelector(invest.selectAmount);
  const amountError = InvestContext.useSelector(invest.selectAmountError);
  const bounds = InvestContext.useSelector(invest.selectBounds)!;
  const balance = InvestContext.useSelector(invest.selectBalance);
  const editing = InvestContext.useSelector(invest.selectEditing);
  const refreshing = InvestContext.useSelector(invest.selectRefreshing);
  const money = (value: string) => formatMoney(value, project.currency);
  const cur = project.currency;
  const messages = {
    required: t`Enter the amount`,
    min: t`The minimum investment is ${money(bounds.min)}`,
    cap: t`Your tariff lets you invest up to ${money(project.viewerCap ?? '0')} more here`,
    goal: t`Only ${money(project.available)} is left of the goal`,
    balance: t`Your balance is ${money(balance)}: deposit first, or invest less`,
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'invest.submit' });
      }}
    >
      <Stack gap="sm">
        <Text size="sm" data-testid="viewer-cap">
          <Trans>
            You can invest up to {money(project.viewerCap ?? '0')} here: your tariff allows {money(project.viewerTariffCap ?? '0')}, you hold{' '}
            {money(project.viewerInvested ?? '0')}.
          </Trans>
        </Text>
        <Text size="sm" data-testid="invest-balance">
          <Trans>Available on your balance: {money(balance)}</Trans>
        </Text>
        <TextInput
          label={t`Amount (${cur})`}
          description={t`From ${money(bounds.min)} to ${money(bounds.max)}`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => actor.send({ type: 'amount.change', value: event.currentTarget.value })}
          error={amountError ? messages[amountError] : undefined}
          rightSection={cur}
          rightSectionWidth={64}
          readOnly={!editing}
        />
        {amountError === 'balance' && (
          <RouterAnchor to="/balance" size="sm">
            <Trans>Go to Balance to deposit</Trans>
          </RouterAnchor>
        )}
        {(editing || refreshing) && (
          <Group>
            <Button type="submit" loading={refreshing}>
              <Trans>Continue</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

function Confirmation({ project }: { project: Project }) {
  const actor = InvestContext.useActorRef();
  const planned = InvestContext.useSelector(invest.selectPlannedPayouts);
  const investing = InvestContext.useSelector(invest.selectInvesting);
  const amount = InvestContext.useSelector(invest.selectAmount);
  if (!planned) return null;
  const money = (value: string) => formatMoney(value, project.currency);
  const first = planned.schedule[0]!;
  const last = planned.schedule[planned.schedule.length - 1]!;
  const invested = money(amount.replace(/\.$/, ''));
  const profit = money(first.profit);
  const months = project.payoutPeriodMonths;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="invest-confirm-title" data-testid="invest-confirmation">
      <Stack gap="xs">
        <Title order={3} size="h5" id="invest-confirm-title">
          <Trans>Check and confirm</Trans>
        </Title>
        <Text size="sm">
          <Trans>You invest {invested} from your balance.</Trans>
        </Text>
        <Text size="sm" data-testid="invest-payouts">
          {months === 1 ? (
            <Trans>
              You receive {profit} every month, from {formatDate(first.dueAt.toISOString())} to {formatDate(last.dueAt.toISOString())}.
            </Trans>
          ) : (
            <Trans>
              You receive {profit} every {months} months, from {formatDate(first.dueAt.toISOString())} to {formatDate(last.dueAt.toISOString())}.
            </Trans>
          )}
        </Text>
        <Text size="sm">
          <Trans>
            Your {invested} comes back with the last payout, on {formatDate(last.dueAt.toISOString())}.
          </Trans>
        </Text>
        <Text size="sm" fw={700} data-testid="invest-total">
          <Trans>In all: {money(planned.total)}</Trans>
        </Text>
        <Group mt="xs">
          <Button variant="default" onClick={() => actor.send({ type: 'invest.back' })} disabled={investing}>
            <Trans>Back</Trans>
          </Button>
          <Button onClick={() => actor.send({ type: 'invest.confirm' })} loading={investing}>
            <Trans>Confirm and invest</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Invested({ project }: { project: Project }) {
  const actor = InvestContext.useActorRef();
  const holding = InvestContext.useSelector(invest.selectInvested)!;
  const money = (value: string) => formatMoney(value, project.currency);
  return (
    <Alert color="green" title={<Trans>You invested {money(holding.amount)}</Trans>} data-testid="invest-done">
      <Stack gap="xs" align="flex-start">
        {holding.nextPayoutAt && holding.nextPayoutAmount && (
          <Text size="sm">
            <Trans>
              The first payout, {money(holding.nextPayoutAmount)}, comes on {formatDate(holding.nextPayoutAt)}.
            </Trans>
          </Text>
        )}
        <Group>
          <Button size="xs" variant="light" onClick={() => actor.send({ type: 'invest.again' })}>
            <Trans>Invest more</Trans>
          </Button>
          <RouterButton to="/briefcase" size="xs" variant="default">
            <Trans>Open the briefcase</Trans>
          </RouterButton>
        </Group>
      </Stack>
    </Alert>
  );
}

export function InvestPanel() {
  const project = InvestContext.useSelector(invest.selectProject)!;
  const closed = InvestContext.useSelector(invest.selectClosed);
  const capped = InvestContext.useSelector(invest.selectCapped);
  const formShown = InvestContext.useSelector(invest.selectFormShown);
  const confirming = InvestContext.useSelector(invest.selectConfirming);
  const invested = InvestContext.useSelector(invest.selectInvested);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="invest-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="invest-title">
          <Trans>Invest</Trans>
        </Title>
        {closed && <Closed project={project} />}
        {capped && <Capped project={project} />}
        {formShown && <AmountForm project={project} />}
        {confirming && <Confirmation project={project} />}
        {invested && <Invested project={project} />}
      </Stack>
    </Card>
  );
}
