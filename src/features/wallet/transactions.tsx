// The wallet's transactions (spec §9 transaction types): newest first, filterable by type, a page at a time.
import { Alert, Button, Card, Group, NativeSelect, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isTransactionType, type TransactionType } from '../../../domain/ledger';
import { compare } from '../../../domain/money';
import { walletTransactionsQueryOptions } from '../../api/wallet';
import { LoadError, Loading } from '../../components/load-state';
import { formatDateTime, formatMoney } from '../../lib/format';
import { transactionNote } from '../../lib/transaction-note';
import { transactionTypeGroups, transactionTypeNames } from './transaction-types';

export function Transactions({ type, onTypeChange }: { type: TransactionType | null; onTypeChange: (type: TransactionType | null) => void }) {
  const { t, i18n } = useLingui();
  const list = useInfiniteQuery(walletTransactionsQueryOptions(type));
  const rows = list.data?.pages.flatMap((page) => page.walletTransactions.data) ?? [];
  const total = list.data?.pages[0]?.walletTransactions.total ?? 0;
  const shown = rows.length;
  const typeName = (value: string) => (isTransactionType(value) ? i18n._(transactionTypeNames[value]) : value);
  // Built in the member's language from the row's figures; the server's English note is for other clients.
  const noteOf = (row: (typeof rows)[number]) => transactionNote(row.type, row.details);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="transactions-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h4" id="transactions-title">
          <Trans>Transactions</Trans>
        </Title>
        <NativeSelect
          aria-label={t`Transaction type`}
          value={type ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onTypeChange(isTransactionType(value) ? value : null);
          }}
          data={[
            { value: '', label: t`All types` },
            ...transactionTypeGroups.map((group) => ({
              group: i18n._(group.name),
              items: group.types
                .map((value) => ({ value, label: i18n._(transactionTypeNames[value]) }))
                .sort((a, b) => a.label.localeCompare(b.label, i18n.locale)),
            })),
          ]}
        />
      </Group>
      {list.isPending && <Loading label={<Trans>Loading transactions…</Trans>} />}
      {list.isError && rows.length === 0 && <LoadError what={<Trans>The transactions could not be loaded.</Trans>} retry={() => void list.refetch()} />}
      {list.isSuccess && rows.length === 0 && (
        <Text c="dimmed" data-testid="transactions-empty">
          <Trans>Transactions not found.</Trans>
        </Text>
      )}
      {rows.length > 0 && (
        <Stack gap="sm">
          {/* On a phone each row is two lines (the type and amount, the date under the type), so no column breaks
              into one word a line; the date's own column and the balance after show from sm up. */}
          <Table.ScrollContainer minWidth={0}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th visibleFrom="sm">
                    <Trans>Date</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Type</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Amount</Trans>
                  </Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    <Trans>Balance after</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="transaction-row">
                    <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(row.created_at)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{typeName(row.type)}</Text>
                      <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ whiteSpace: 'nowrap' }} data-testid="transaction-date">
                        {formatDateTime(row.created_at)}
                      </Text>
                      {noteOf(row) && (
                        <Text size="xs" c="dimmed" data-testid="transaction-note">
                          {noteOf(row)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {compare(row.amount, '0') > 0 ? '+' : ''}
                      {formatMoney(row.amount, row.currency)}
                    </Table.Td>
                    <Table.Td ta="right" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(row.balance_after, row.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              <Trans>
                {shown} of {total} shown
              </Trans>
            </Text>
            {list.hasNextPage && (
              <Button variant="light" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                <Trans>Show more</Trans>
              </Button>
            )}
          </Group>
          {list.isFetchNextPageError && (
            <Alert color="red" role="alert">
              <Trans>The next transactions could not be loaded.</Trans>
            </Alert>
          )}
        </Stack>
      )}
      <VisuallyHidden aria-live="polite">{list.isFetching && !list.isPending ? t`Updating…` : ''}</VisuallyHidden>
    </Card>
  );
}
