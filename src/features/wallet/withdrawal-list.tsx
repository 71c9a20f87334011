// The member's withdrawals (spec §4 statuses new, requested, pending, canceled, completed): newest first,
// filtered by status, a page at a time; a `new` one can be canceled (its amount goes back to available).
import { Button, Card, Group, NativeSelect, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { withdrawalStatuses, type WithdrawalStatus } from '../../../domain/ledger';
import { selectCanceling } from '../../../machines/wallet/withdrawal-cancel.selectors';
import { isWithdrawalStatus, withdrawalsQueryOptions, type WithdrawalsFilter } from '../../api/wallet';
import { StatusBadge } from '../../components/status-badge';
import { LoadError, Loading } from '../../components/load-state';
import { formatDateTime, formatMoney } from '../../lib/format';
import { WithdrawalCancelContext } from './wallet.contexts';
import { methodText, withdrawalStatusText } from './wallet.messages';

export function WithdrawalList({ filter, onFilterChange }: { filter: WithdrawalsFilter; onFilterChange: (next: WithdrawalsFilter) => void }) {
  const { t } = useLingui();
  const list = useQuery(withdrawalsQueryOptions(filter));
  const cancel = WithdrawalCancelContext.useActorRef();
  const canceling = WithdrawalCancelContext.useSelector(selectCanceling);
  const page = list.data?.withdrawals;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="withdrawal-list-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h4" id="withdrawal-list-title">
          <Trans>My withdrawals</Trans>
        </Title>
        <NativeSelect
          aria-label={t`Status`}
          value={filter.status ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onFilterChange({ status: isWithdrawalStatus(value) ? value : null, page: 1 });
          }}
          data={[
            { value: '', label: t`All statuses` },
            ...withdrawalStatuses.map((status: WithdrawalStatus) => ({ value: status, label: withdrawalStatusText(status) })),
          ]}
        />
      </Group>
      {/* A refused or failed cancel is said in the notifier (the flow's notifyFailure). */}
      {list.isPending && <Loading label={<Trans>Loading withdrawals…</Trans>} />}
      {list.isError && <LoadError what={<Trans>The withdrawals could not be loaded.</Trans>} retry={() => void list.refetch()} />}
      {page && page.data.length === 0 && (
        <Text c="dimmed" data-testid="withdrawals-empty">
          {filter.status ? <Trans>No withdrawals with this status.</Trans> : <Trans>Withdrawals not found.</Trans>}
        </Text>
      )}
      {page && page.data.length > 0 && (
        <Stack gap="sm">
          {/* On a phone the date, amount, status and Cancel fit the screen; where it goes shows from sm up. */}
          <Table.ScrollContainer minWidth={0}>
            <Table striped verticalSpacing="xs" data-testid="withdrawal-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Date</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Amount</Trans>
                  </Table.Th>
                  <Table.Th visibleFrom="sm">
                    <Trans>Pay out to</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Status</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.data.map((row) => {
                  const amount = formatMoney(row.amount, row.currency);
                  return (
                    <Table.Tr key={row.id} data-testid="withdrawal-row">
                      <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
                      <Table.Td>{amount}</Table.Td>
                      <Table.Td visibleFrom="sm">
                        <Text size="sm">{row.template_name ?? methodText(row.method)}</Text>
                        <Text size="xs" c="dimmed">
                          {row.destination}
                        </Text>
                      </Table.Td>
                      {/* Cancel goes under the status: as a column of its own it was off a phone's screen. */}
                      <Table.Td>
                        <Stack gap={4} align="flex-start">
                          <StatusBadge status={row.status} label={withdrawalStatusText(row.status)} />
                          {row.cancelable && (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              loading={canceling === row.id}
                              disabled={canceling !== null && canceling !== row.id}
                              aria-label={t`Cancel the withdrawal of ${amount}`}
                              onClick={() => cancel.send({ type: 'withdrawal.cancel', id: row.id })}
                            >
                              <Trans>Cancel</Trans>
                            </Button>
                          )}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {page.paginatorInfo.last_page > 1 && (
            <Pagination
              total={page.paginatorInfo.last_page}
              value={filter.page}
              onChange={(next) => onFilterChange({ ...filter, page: next })}
              getControlProps={(control) => ({ 'aria-label': control === 'next' ? t`Next page` : t`Previous page` })}
            />
          )}
        </Stack>
      )}
    </Card>
  );
}
