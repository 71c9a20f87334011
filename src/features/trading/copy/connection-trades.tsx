// The trades copied onto a connection's account, newest first (issue 32). On a phone the table keeps three columns
// (when, the trade, its PnL) and stacks the amount and the prices under the trade; wider screens show them as columns.
// Amounts and prices show every digit the exchange gave (a coin's amount has more than 2 decimals).
import { Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CopiedTradeRow } from '../../../../machines/trading/copy-links.types';
import { plain } from '../../../../domain/money';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { sideNames } from './connection.messages';

export function ConnectionTrades({ trades, total, quoteAsset }: { trades: CopiedTradeRow[]; total: number; quoteAsset: string }) {
  const { i18n } = useLingui();
  const side = (value: string) => (value in sideNames ? i18n._(sideNames[value as keyof typeof sideNames]) : value);
  const shown = trades.length;
  return (
    <Stack gap="xs" component="section" aria-labelledby="connection-trades-title">
      <Title order={2} size="h5" id="connection-trades-title">
        <Trans>Copied trades</Trans>
      </Title>
      {trades.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="connection-trades-empty">
          <Trans>No trades copied yet.</Trans>
        </Text>
      ) : (
        <>
          <Table striped verticalSpacing="xs" data-testid="connection-trades">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Closed</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Trade</Trans>
                </Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  <Trans>Amount</Trans>
                </Table.Th>
                <Table.Th ta="right" visibleFrom="md">
                  <Trans>Open → close</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>PnL</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trades.map((trade) => (
                <Table.Tr key={trade.id} data-testid="copied-trade">
                  <Table.Td>
                    <Text size="sm">{formatDateTime(trade.closedAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {trade.symbol} · {side(trade.side)}
                    </Text>
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {plain(trade.amount)} · {plain(trade.openPrice)} → {plain(trade.closePrice)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {plain(trade.amount)}
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                    {plain(trade.openPrice)} → {plain(trade.closePrice)}
                  </Table.Td>
                  <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(trade.pnl, quoteAsset)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {total > shown && (
            <Text size="xs" c="dimmed">
              <Trans>
                The latest {shown} of {total} copied trades.
              </Trans>
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
