// /connection/{id} (issue 32): a follower's connection to a strategy by status (pending with the key's 48-hour
// countdown, active, paused, drawdown exceeded, failed, suspended with its cause and the invoices, disconnected with
// the reason), the account, the strategy (a link to its page), the settings, PnL since the start, the drawdown and the
// copied trades (after the actions its status allows). An unknown id says "Account or strategy not found.".
import { Alert, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConnectionRow } from '../../../../machines/trading/copy-links.types';
import * as page from '../../../../machines/trading/connection.selectors';
import { Figure } from '../../../components/figure';
import { LoadError, Loading } from '../../../components/load-state';
import { RouterAnchor } from '../../../components/router-links';
import { StatusBadge } from '../../../components/status-badge';
import { appErrorText } from '../../../lib/app-error-text';
import { clockOf } from '../../../lib/clock';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { suspensionTexts } from '../trading.messages';
import { ConnectionActions } from './connection-actions';
import { ConnectionTrades } from './connection-trades';
import { ConnectionContext } from './connection.contexts';
import { connectionStatusNames } from './connection.messages';
import { accountText, KeyTimeLeft, SettingsSummary } from './link-request-summary';

/** What the status means for the member, in a sentence (and the way out where there is one). */
function StatusNote({ connection }: { connection: ConnectionRow }) {
  const { i18n } = useLingui();
  const actor = ConnectionContext.useActorRef();
  const limit = connection.settings.maxDrawdownPercent;
  const stopped = connection.stoppedAt ? formatDateTime(connection.stoppedAt) : null;
  const paused = connection.pausedAt ? formatDateTime(connection.pausedAt) : null;
  switch (connection.status) {
    case 'pending':
      return (
        <Alert color="yellow" data-testid="connection-note" data-status="pending">
          <Text size="sm"><Trans>The trader accepted your request. Your key is being linked to the strategy.</Trans></Text>
          {connection.keyDeadline && <KeyTimeLeft deadline={connection.keyDeadline} clock={clockOf(actor)} />}
        </Alert>
      );
    case 'paused':
      return (
        <Alert color="gray" data-testid="connection-note" data-status="paused">
          <Text size="sm"><Trans>Paused: no trades are copied until you resume.</Trans></Text>
          {paused && <Text size="xs" c="dimmed"><Trans>Paused on {paused}.</Trans></Text>}
        </Alert>
      );
    case 'drawdown exceeded':
      return (
        <Alert color="orange" data-testid="connection-note" data-status="drawdown exceeded">
          <Text size="sm">
            {limit === null ? (
              <Trans>The copy stopped by itself: its drawdown reached your limit. No trades are copied any more.</Trans>
            ) : (
              <Trans>The copy stopped by itself: its drawdown reached your limit of {limit} %. No trades are copied any more.</Trans>
            )}
          </Text>
          {stopped && <Text size="xs" c="dimmed"><Trans>Stopped on {stopped}.</Trans></Text>}
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" data-testid="connection-note" data-status="failed">
          <Text size="sm"><Trans>The connection failed: the key was not linked within 48 hours, or the account stopped working.</Trans></Text>
        </Alert>
      );
    case 'suspended':
      return (
        <Alert color="red" data-testid="connection-note" data-status="suspended">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{i18n._(suspensionTexts[connection.suspensionCause ?? 'trading_suspended'])}</Text>
            <RouterAnchor to="/invoices" size="sm"><Trans>See your invoices</Trans></RouterAnchor>
          </Stack>
        </Alert>
      );
    case 'disconnected':
      return (
        <Alert color="gray" data-testid="connection-note" data-status="disconnected">
          <Text size="sm">
            {connection.stoppedAt ? <Trans>Disconnected on {formatDate(connection.stoppedAt)}.</Trans> : <Trans>Disconnected.</Trans>}{' '}
            {connection.disconnectReason && <Trans>Reason: {connection.disconnectReason}</Trans>}
          </Text>
        </Alert>
      );
    default:
      return null;
  }
}

function ConnectionDetails({ connection }: { connection: ConnectionRow }) {
  const { i18n } = useLingui();
  const name = connection.strategy.name;
  const quote = connection.settings.quoteAsset;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby="connection-title" data-testid="connection-page">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" id="connection-title">
            <Trans>Copying {name}</Trans>
          </Title>
          <StatusBadge status={connection.status} label={i18n._(connectionStatusNames[connection.status])} />
        </Group>
        <StatusNote connection={connection} />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="dl" m={0}>
          <Figure label={<Trans>Strategy</Trans>}>
            <RouterAnchor to="/copy-trading/{-$id}" params={{ id: connection.strategy.id }} size="sm" fw={600}>
              {name}
            </RouterAnchor>
            <Text component="span" size="xs" c="dimmed" fw={400} display="block">
              {connection.strategy.traderName}
            </Text>
          </Figure>
          <Figure label={<Trans>Account</Trans>} testId="connection-account">
            {accountText(connection.accountName, connection.exchange)}
          </Figure>
          <Figure label={<Trans>Since</Trans>}>{formatDate(connection.startedAt)}</Figure>
          <Figure label={<Trans>PnL since the start</Trans>} testId="connection-pnl">
            {formatMoney(connection.pnl, quote)}
          </Figure>
          <Figure label={<Trans>Drawdown</Trans>} testId="connection-drawdown">
            {connection.drawdownPercent} %
          </Figure>
          <Figure label={<Trans>Trades copied</Trans>}>{String(connection.tradeCount)}</Figure>
        </SimpleGrid>
        <SettingsSummary settings={connection.settings} />
      </Stack>
    </Card>
  );
}

export function ConnectionView() {
  const actor = ConnectionContext.useActorRef();
  const step = ConnectionContext.useSelector(page.selectStep);
  const connection = ConnectionContext.useSelector(page.selectConnection);
  const back = (
    <RouterAnchor to="/copy-trading/{-$id}" params={{}} size="sm">
      <Trans>All strategies</Trans>
    </RouterAnchor>
  );
  if (step === 'loading' && !connection) return <Loading label={<Trans>Loading the connection…</Trans>} />;
  if (step === 'notFound') {
    return (
      <Alert color="gray" data-testid="connection-not-found">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{appErrorText({ code: 'server', reason: 'AccountNotFound' })}</Text>
          {back}
        </Stack>
      </Alert>
    );
  }
  if (step === 'loadFailed' || !connection) {
    return <LoadError what={<Trans>The connection could not be loaded.</Trans>} retry={() => actor.send({ type: 'load.retry' })} />;
  }
  return (
    <Stack gap="md">
      {back}
      <ConnectionDetails connection={connection} />
      <ConnectionActions />
      {/* The trades come last: a long list never pushes the actions out of reach. */}
      <Card withBorder padding="md">
        <ConnectionTrades trades={connection.trades} total={connection.tradeCount} quoteAsset={connection.settings.quoteAsset} />
      </Card>
    </Stack>
  );
}
