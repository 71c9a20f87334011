// The member's invoices (spec §2 "/invoices"): tag, date, due date, total and status, filtered by status
// (unpaid, paid, canceled, refunded), 10 a page; the warning banner and the suspended dialog link here.
import { Alert, Box, Card, Group, Pagination, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { invoiceStatuses, type InvoiceStatus } from '../../../machines/payments/payments.types';
import { invoicesQueryOptions } from '../../api/payments';
import { RouterAnchor } from '../../components/router-links';
import { appErrorText } from '../../lib/app-error-text';
import { formatDateTime, formatMoney } from '../../lib/format';
import { isAppError } from '../../../domain/app-error';
import { InvoiceStatusBadge } from './invoice-view';
import { invoiceStatusText } from './payments.messages';

export interface InvoiceFilter {
  status?: InvoiceStatus;
  page?: number;
}

export function InvoiceList({ filter, onFilterChange }: { filter: InvoiceFilter; onFilterChange: (next: InvoiceFilter) => void }) {
  const { t, i18n } = useLingui();
  const query = useQuery(invoicesQueryOptions(filter));
  const page = query.data?.invoices;
  return (
    <Stack gap="md">
      <Box style={{ overflowX: 'auto' }}>
        <SegmentedControl
          aria-label={t`Status`}
          value={filter.status ?? 'all'}
          onChange={(value) => onFilterChange({ status: value === 'all' ? undefined : (value as InvoiceStatus) })}
          data={[{ value: 'all', label: t`All` }, ...invoiceStatuses.map((status) => ({ value: status, label: i18n._(invoiceStatusText[status]) }))]}
        />
      </Box>
      {query.isError && (
        <Alert color="red" role="alert">
          {appErrorText(isAppError(query.error) ? query.error : { code: 'unknown' })}
        </Alert>
      )}
      {query.isPending && <Skeleton h={200} aria-label={t`Loading`} />}
      {page && page.data.length === 0 && (
        <Card withBorder>
          <Text c="dimmed" data-testid="invoices-empty">
            <Trans>No invoices here.</Trans>
          </Text>
        </Card>
      )}
      {page && page.data.length > 0 && (
        <Box style={{ overflowX: 'auto' }}>
          {/* On a phone the invoice, its total and status fit the screen; the dates show from sm up. */}
          <Table striped data-testid="invoices" aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Invoice`}</Table.Th>
                <Table.Th visibleFrom="sm">{t`Date`}</Table.Th>
                <Table.Th visibleFrom="sm">{t`Due date`}</Table.Th>
                <Table.Th ta="right">{t`Total`}</Table.Th>
                <Table.Th>{t`Status`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.data.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  {/* The tag may break anywhere: on a phone it would otherwise push the status off the screen. */}
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    <RouterAnchor to="/invoice/$id" params={{ id: invoice.id }}>
                      {invoice.tag}
                    </RouterAnchor>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{formatDateTime(invoice.created_at)}</Table.Td>
                  <Table.Td visibleFrom="sm">{invoice.due_date ? formatDateTime(invoice.due_date) : '—'}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(invoice.total, invoice.currency)}
                  </Table.Td>
                  <Table.Td>
                    <InvoiceStatusBadge status={invoice.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      {page && page.paginatorInfo.last_page > 1 && (
        <Group justify="center">
          <Pagination
            total={page.paginatorInfo.last_page}
            value={page.paginatorInfo.current_page}
            onChange={(next) => onFilterChange({ ...filter, page: next })}
            getControlProps={(control) => ({ 'aria-label': control === 'next' ? t`Next page` : t`Previous page` })}
            getItemProps={(item) => ({ 'aria-label': t`Page ${item}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
