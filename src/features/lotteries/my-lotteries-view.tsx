// /my-lotteries (issue 29): every raffle the member entered, newest first, with their ticket numbers and the result:
// the place and prize won, not drawn yet, or not won.
import { Alert, Box, Card, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isAppError } from '../../../domain/app-error';
import { lotteryEntriesQueryOptions, type LotteryEntry } from '../../api/lotteries';
import { RouterAnchor } from '../../components/router-links';
import { appErrorText } from '../../lib/app-error-text';
import { formatDate, formatMoney } from '../../lib/format';
import { useTenant } from '../../lib/tenant-context';

function Result({ entry }: { entry: LotteryEntry }) {
  const { t } = useLingui();
  if (entry.won.length > 0) {
    return <>{entry.won.map((won) => t`Place ${won.place} with ticket ${won.ticket}: ${formatMoney(won.amount, won.currency)}`).join('; ')}</>;
  }
  if (entry.raffle.refundedAt) return <>{t`Refunded: the raffle did not sell its minimum`}</>;
  if (entry.raffle.status !== 'finished') return <>{t`Not drawn yet`}</>;
  return <>{t`Not won`}</>;
}

export function MyLotteriesView() {
  const { t } = useLingui();
  const tenant = useTenant();
  const query = useQuery(lotteryEntriesQueryOptions(tenant.uuid));
  return (
    <Stack gap="md">
      {query.isError && (
        <Alert color="red" role="alert">
          {appErrorText(isAppError(query.error) ? query.error : { code: 'unknown' })}
        </Alert>
      )}
      {query.isPending && <Skeleton h={200} aria-label={t`Loading`} />}
      {query.data && query.data.length === 0 && (
        <Card withBorder>
          <Stack gap="xs" align="flex-start">
            <Text c="dimmed" data-testid="entries-empty">
              <Trans>You have not entered a raffle yet.</Trans>
            </Text>
            <RouterAnchor to="/lotteries" size="sm">
              <Trans>See the raffles</Trans>
            </RouterAnchor>
          </Stack>
        </Card>
      )}
      {query.data && query.data.length > 0 && (
        <Box style={{ overflowX: 'auto' }}>
          <Table striped data-testid="entries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Raffle`}</Table.Th>
                <Table.Th>{t`Your tickets`}</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">{t`Spent`}</Table.Th>
                <Table.Th>{t`Result`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((entry) => (
                <Table.Tr key={entry.raffle.id}>
                  <Table.Td>
                    <RouterAnchor to="/lotteries/$id" params={{ id: entry.raffle.id }} size="sm">
                      {entry.raffle.name}
                    </RouterAnchor>
                    <Text size="xs" c="dimmed">
                      {formatDate(entry.enteredAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td data-testid="entry-tickets">{entry.tickets.map((ticket) => `#${ticket}`).join(', ')}</Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {formatMoney(entry.spent, entry.raffle.currency)}
                  </Table.Td>
                  <Table.Td data-testid="entry-result">
                    <Result entry={entry} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}
