// A strategy's latest closed trades, newest first (at most 50, from the exchange adapter): when, what, which side,
// how much, the prices and the result. A table on wide screens, a card per trade on a phone. The first ten show;
// the rest on asking, so the page does not end in a wall of trades.
import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StrategyTrade } from '../../../api/copy-trading';
import { formatDateTime, formatQuantity } from '../../../lib/format';
import { signedMoneyText } from './strategy-format';
import { StrategyRows, type RowColumn } from './strategy-rows';
import { sideNames } from './strategy.messages';

const firstShown = 10;

export function StrategyTrades({ trades, quoteAsset }: { trades: readonly StrategyTrade[]; quoteAsset: string }) {
  const { t, i18n } = useLingui();
  const [all, setAll] = useState(false);
  const shown = all ? trades : trades.slice(0, firstShown);
  const count = trades.length;
  const side = (trade: StrategyTrade) => (trade.side === 'buy' || trade.side === 'sell' ? i18n._(sideNames[trade.side]) : trade.side);
  const columns: RowColumn<StrategyTrade>[] = [
    { id: 'closed', header: <Trans>Closed</Trans>, cell: (trade) => formatDateTime(trade.closed_at) },
    { id: 'symbol', header: <Trans>Symbol</Trans>, cell: (trade) => trade.symbol, inCardTitle: true },
    { id: 'side', header: <Trans>Side</Trans>, cell: side, inCardTitle: true },
    { id: 'amount', header: <Trans>Amount</Trans>, numeric: true, cell: (trade) => formatQuantity(trade.amount) },
    { id: 'open', header: <Trans>Open price</Trans>, numeric: true, cell: (trade) => formatQuantity(trade.open_price) },
    { id: 'close', header: <Trans>Close price</Trans>, numeric: true, cell: (trade) => formatQuantity(trade.close_price) },
    { id: 'pnl', header: <Trans>PnL</Trans>, numeric: true, cell: (trade) => signedMoneyText(trade.pnl, quoteAsset) },
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby="strategy-trades-title">
      <Title order={3} size="h4" id="strategy-trades-title">
        <Trans>Recent trades</Trans>
      </Title>
      {trades.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="trades-empty">
          <Trans>No closed trades yet.</Trans>
        </Text>
      ) : (
        <StrategyRows
          rows={shown}
          columns={columns}
          rowKey={(trade) => trade.id}
          label={t`Recent trades`}
          testId="strategy-trades"
          rowTestId="strategy-trade"
          tableWidth={600}
          rowLabel={(trade) => `${trade.symbol} ${side(trade)} ${formatDateTime(trade.closed_at)}`}
          cardTitle={(trade) => `${trade.symbol} · ${side(trade)}`}
        />
      )}
      {shown.length < count && (
        <Group>
          <Button variant="light" size="xs" onClick={() => setAll(true)}>
            <Trans>Show all {count} trades</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}
