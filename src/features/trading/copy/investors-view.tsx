// /investors (issue 32): what a member who runs strategies sees of them: each strategy with its followers against the
// most it takes, the requests waiting for a decision (the oldest first) with the time left of the 24-hour review and
// Accept / Decline, and the followers (member, account and exchange, status, lot size, since, PnL). On a phone the
// followers' table keeps the member, status and PnL as columns and stacks the rest under the member.
import type { ReactNode } from 'react';
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { investorsQueryOptions } from '../../../api/copy-links';
import { normalizeError } from '../../../api/normalize-error';
import type { ConnectionRow, InvestorStrategyRow, LinkRequestRow } from '../../../../machines/trading/copy-links.types';
import { TimeLeft } from '../../../components/countdown';
import { Figure } from '../../../components/figure';
import { LoadError, Loading } from '../../../components/load-state';
import { RouterAnchor } from '../../../components/router-links';
import { StatusBadge } from '../../../components/status-badge';
import { wallClock } from '../../../lib/clock';
import { formatDate, formatMoney } from '../../../lib/format';
import { useTenant } from '../../../lib/tenant-context';
import { connectionStatusNames } from './connection.messages';
import { RequestDecision } from './investors-decision';
import { accountText, lotSizeText } from './link-request-summary';

function Strategies({ strategies }: { strategies: InvestorStrategyRow[] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="investors-strategies-title">
      <Title order={2} size="h4" id="investors-strategies-title">
        <Trans>Your strategies</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {strategies.map((strategy) => {
          const { followers, maxFollowers } = strategy;
          return (
            <Card key={strategy.id} withBorder padding="sm" component="article" aria-label={strategy.name} data-testid="investor-strategy">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <RouterAnchor to="/copy-trading/{-$id}" params={{ id: strategy.id }} fw={600}>
                  {strategy.name}
                </RouterAnchor>
                {strategy.inProbation && (
                  <Badge size="sm" variant="dot" color="gray">
                    <Trans>Probation</Trans>
                  </Badge>
                )}
              </Group>
              <Text size="sm" data-testid="investor-strategy-followers">
                <Trans>
                  {followers} of <Plural value={maxFollowers} one="# follower" other="# followers" />
                </Trans>
              </Text>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function Requests({ requests, withDecision }: { requests: LinkRequestRow[]; withDecision: (requestId: string, children: ReactNode) => ReactNode }) {
  const count = requests.length;
  return (
    <Stack gap="xs" component="section" aria-labelledby="investors-requests-title">
      <Title order={2} size="h4" id="investors-requests-title">
        <Trans>Requests waiting for you ({count})</Trans>
      </Title>
      {requests.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="investor-requests-empty">
          <Trans>No requests are waiting.</Trans>
        </Text>
      )}
      {requests.map((request) => {
        const { memberName, strategyName } = request;
        return (
          <Card key={request.id} withBorder padding="sm" component="article" aria-label={`${memberName} · ${strategyName}`} data-testid="investor-request">
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                <Trans>
                  {memberName} asks to follow {strategyName}
                </Trans>
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" component="dl" m={0}>
                <Figure label={<Trans>Account</Trans>}>{accountText(request.accountName, request.exchange)}</Figure>
                <Figure label={<Trans>Lot size</Trans>}>{lotSizeText(request.settings.lotSizePercent)}</Figure>
                <Figure label={<Trans>Drawdown limit</Trans>}>
                  {request.settings.maxDrawdownPercent === null ? <Trans>No limit</Trans> : `${request.settings.maxDrawdownPercent} %`}
                </Figure>
                <Figure label={<Trans>Time left to decide</Trans>} testId="request-time-left">
                  <TimeLeft deadline={Date.parse(request.reviewDeadline)} clock={wallClock} ended={<Trans>Expired</Trans>} />
                </Figure>
              </SimpleGrid>
              {withDecision(request.id, <RequestDecision memberName={memberName} />)}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

function Followers({ followers }: { followers: ConnectionRow[] }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="xs" component="section" aria-labelledby="investors-followers-title">
      <Title order={2} size="h4" id="investors-followers-title">
        <Trans>Followers</Trans>
      </Title>
      {followers.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="investor-followers-empty">
          <Trans>No one follows your strategies yet.</Trans>
        </Text>
      ) : (
        <Table striped verticalSpacing="xs" data-testid="investor-followers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Member</Trans>
              </Table.Th>
              <Table.Th visibleFrom="sm">
                <Trans>Account</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Status</Trans>
              </Table.Th>
              <Table.Th ta="right" visibleFrom="md">
                <Trans>Lot size</Trans>
              </Table.Th>
              <Table.Th visibleFrom="md">
                <Trans>Since</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>PnL</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {followers.map((follower) => (
              <Table.Tr key={follower.id} data-testid="investor-follower">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {follower.memberName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {follower.strategy.name}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {accountText(follower.accountName, follower.exchange)}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="md">
                    {lotSizeText(follower.settings.lotSizePercent)} · {formatDate(follower.startedAt)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{accountText(follower.accountName, follower.exchange)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={follower.status} label={i18n._(connectionStatusNames[follower.status])} />
                </Table.Td>
                <Table.Td ta="right" visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                  {lotSizeText(follower.settings.lotSizePercent)}
                </Table.Td>
                <Table.Td visibleFrom="md">{formatDate(follower.startedAt)}</Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(follower.pnl, follower.settings.quoteAsset)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * `withDecision` mounts a request's decision flow (its provider) around what it is given: the route supplies it, so
 * this view never makes logic.
 */
export function InvestorsView({ withDecision }: { withDecision: (requestId: string, children: ReactNode) => ReactNode }) {
  const tenant = useTenant();
  const overview = useQuery(investorsQueryOptions(tenant.uuid));
  if (overview.isPending) return <Loading label={<Trans>Loading your investors…</Trans>} />;
  if (overview.isError) {
    const error = normalizeError(overview.error);
    if (error.category === 'forbidden') {
      return (
        <Alert color="gray" data-testid="investors-forbidden">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <Trans>This page is for members who run copy-trading strategies.</Trans>
            </Text>
            <RouterAnchor to="/copy-trading/{-$id}" params={{}} size="sm">
              <Trans>See the strategies</Trans>
            </RouterAnchor>
          </Stack>
        </Alert>
      );
    }
    return <LoadError what={<Trans>Your investors could not be loaded.</Trans>} retry={() => void overview.refetch()} />;
  }
  const { strategies, followers, requests } = overview.data;
  return (
    <Stack gap="lg" data-testid="investors-page">
      <Strategies strategies={strategies} />
      <Requests requests={requests} withDecision={withDecision} />
      <Followers followers={followers} />
    </Stack>
  );
}
