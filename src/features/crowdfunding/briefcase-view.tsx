// /briefcase (issue 28): the member's crowdfunding holdings: per holding its project, amount, share of the goal,
// profit and body received, the next payout (date and amount, before it happens) and status; the totals; and the
// payouts as a history (the balance's transactions of the two payout types).
import { Alert, Box, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isAppError } from '../../../domain/app-error';
import type { Holding } from '../../../machines/crowdfunding/crowdfunding.types';
import { crowdfundingBriefcaseQueryOptions, crowdfundingPayoutsQueryOptions } from '../../api/crowdfunding';
import { Figure } from '../../components/figure';
import { RouterAnchor } from '../../components/router-links';
import { StatusBadge } from '../../components/status-badge';
import { appErrorText } from '../../lib/app-error-text';
import { useTenant } from '../../lib/tenant-context';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { transactionNote } from '../../lib/transaction-note';
import { holdingStatusNames } from './crowdfunding.messages';

function HoldingRow({ holding }: { holding: Holding }) {
  const { i18n } = useLingui();
  const money = (amount: string) => formatMoney(amount, holding.currency);
  return (
    <Table.Tr data-testid={`holding-${holding.id}`}>
      <Table.Td>
        <RouterAnchor to="/crowdfunding/$id" params={{ id: holding.project.id }} size="sm">
          {holding.project.name}
        </RouterAnchor>
        <Text size="xs" c="dimmed">
          {formatDate(holding.paidAt ?? holding.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{money(holding.amount)}</Table.Td>
      <Table.Td ta="right" visibleFrom="sm">
        {holding.sharePercent} %
      </Table.Td>
      <Table.Td ta="right" visibleFrom="sm">
        {money(holding.receivedProfit)}
      </Table.Td>
      <Table.Td ta="right" visibleFrom="md">
        {money(holding.receivedBody)}
      </Table.Td>
      <Table.Td data-testid="holding-next">
        {holding.nextPayoutAt && holding.nextPayoutAmount ? (
          <>
            <Text size="sm">{money(holding.nextPayoutAmount)}</Text>
            <Text size="xs" c="dimmed">
              {formatDate(holding.nextPayoutAt)}
            </Text>
          </>
        ) : holding.refundedAt ? (
          <Text size="xs" c="dimmed">
            <Trans>Refunded on {formatDate(holding.refundedAt)}</Trans>
          </Text>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>
        <StatusBadge status={holding.status} label={i18n._(holdingStatusNames[holding.status])} />
      </Table.Td>
    </Table.Tr>
  );
}

function PayoutHistory() {
  const { t } = useLingui();
  const query = useQuery(crowdfundingPayoutsQueryOptions());
  const rows = query.data ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="payouts-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5" id="payouts-title">
            <Trans>Payouts</Trans>
          </Title>
          <RouterAnchor to="/balance" search={{ type: 'CROWDFUNDING_PAYOUT_PROFIT' }} size="sm">
            <Trans>See them on the balance page</Trans>
          </RouterAnchor>
        </Group>
        {query.isError && (
          <Alert color="red" role="alert">
            {appErrorText(isAppError(query.error) ? query.error : { code: 'unknown' })}
          </Alert>
        )}
        {query.isPending && <Skeleton h={80} aria-label={t`Loading`} />}
        {query.isSuccess && rows.length === 0 && (
          <Text size="sm" c="dimmed">
            <Trans>No payouts yet.</Trans>
          </Text>
        )}
        {rows.length > 0 && (
          <Table data-testid="payouts">
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
                  <Table.Td>{row.type === 'CROWDFUNDING_PAYOUT_BODY' ? t`Body back` : t`Profit`}</Table.Td>
                  <Table.Td visibleFrom="sm">{transactionNote(row.type, row.details)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.amount, row.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

export function BriefcaseView() {
  const { t } = useLingui();
  const tenant = useTenant();
  const query = useQuery(crowdfundingBriefcaseQueryOptions(tenant.uuid));
  const briefcase = query.data;
  return (
    <Stack gap="md">
      {query.isError && (
        <Alert color="red" role="alert">
          {appErrorText(isAppError(query.error) ? query.error : { code: 'unknown' })}
        </Alert>
      )}
      {query.isPending && <Skeleton h={200} aria-label={t`Loading`} />}
      {briefcase && (
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" component="dl" m={0}>
            <Figure label={t`Invested`} testId="briefcase-invested">
              {formatMoney(briefcase.totalInvested, briefcase.currency)}
            </Figure>
            <Figure label={t`Received`} testId="briefcase-received">
              {formatMoney(briefcase.totalReceived, briefcase.currency)}
            </Figure>
            <Figure label={t`Holdings`} testId="briefcase-count">
              {String(briefcase.holdings.length)}
            </Figure>
          </SimpleGrid>
        </Card>
      )}
      {briefcase && briefcase.holdings.length === 0 && (
        <Card withBorder>
          <Stack gap="xs" align="flex-start">
            <Text c="dimmed" data-testid="briefcase-empty">
              <Trans>You hold no projects yet.</Trans>
            </Text>
            <RouterAnchor to="/projects" size="sm">
              <Trans>See the projects</Trans>
            </RouterAnchor>
          </Stack>
        </Card>
      )}
      {briefcase && briefcase.holdings.length > 0 && (
        <Box style={{ overflowX: 'auto' }}>
          <Table striped data-testid="holdings" aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Project`}</Table.Th>
                <Table.Th ta="right">{t`Amount`}</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">{t`Share of the goal`}</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">{t`Profit received`}</Table.Th>
                <Table.Th ta="right" visibleFrom="md">{t`Body received`}</Table.Th>
                <Table.Th>{t`Next payout`}</Table.Th>
                <Table.Th>{t`Status`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {briefcase.holdings.map((holding) => (
                <HoldingRow key={holding.id} holding={holding} />
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      <PayoutHistory />
    </Stack>
  );
}
