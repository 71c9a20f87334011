// /my-account/{id} (issue 31): an exchange account's status, exchange, balance (with when it was read), the key's
// last 4 characters, the connections it serves and when it was added. A suspended account shows the spec's text for
// its cause with a link to /invoices; a failed one says its key stopped working and offers Edit; a disconnected one
// shows the member's reason. Edit (a new key is checked as a new account's) and Disconnect (with a reason). An
// unknown id says "Account or strategy not found." with the way back.
import type { ReactNode } from 'react';
import { Alert, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { accountQueryOptions, exchangesQueryOptions } from '../../api/trading';
import { normalizeError } from '../../api/normalize-error';
import type { AppError } from '../../../domain/app-error';
import type { ExchangeAccountRow, ExchangeOption } from '../../../machines/trading/trading.types';
import { Figure } from '../../components/figure';
import { LoadError, Loading } from '../../components/load-state';
import { RouterAnchor } from '../../components/router-links';
import { StatusBadge } from '../../components/status-badge';
import { appErrorText } from '../../lib/app-error-text';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { useTenant } from '../../lib/tenant-context';
import { AccountFormAction } from './account-form';
import { DisconnectAction } from './disconnect-form';
import { accountStatusNames, suspensionTexts } from './trading.messages';

/** An unknown id (or one that cannot be an id) is no account of the member's. */
const isNotFound = (error: AppError) => error.reason === 'AccountNotFound' || error.category === 'not_found' || error.code === 'validation';

function StatusNote({ account }: { account: ExchangeAccountRow }) {
  const { i18n } = useLingui();
  if (account.status === 'suspended') {
    return (
      <Alert color="red" data-testid="account-suspended">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{i18n._(suspensionTexts[account.suspensionCause ?? 'trading_suspended'])}</Text>
          <RouterAnchor to="/invoices" size="sm">
            <Trans>See your invoices</Trans>
          </RouterAnchor>
        </Stack>
      </Alert>
    );
  }
  if (account.status === 'failed') {
    return (
      <Alert color="red" data-testid="account-failed">
        <Text size="sm">{appErrorText({ code: 'server', reason: 'ApiKeyInvalid' })}</Text>
      </Alert>
    );
  }
  if (account.status === 'disconnected') {
    return (
      <Alert color="gray" data-testid="account-disconnected">
        <Text size="sm">
          {account.disconnectedAt ? <Trans>Disconnected on {formatDate(account.disconnectedAt)}.</Trans> : <Trans>Disconnected.</Trans>}{' '}
          {account.disconnectReason && <Trans>Reason: {account.disconnectReason}</Trans>}
        </Text>
      </Alert>
    );
  }
  return null;
}

function Connections({ account }: { account: ExchangeAccountRow }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="xs" component="section" aria-labelledby="connections-title">
      <Title order={2} size="h5" id="connections-title">
        <Trans>Connections</Trans>
      </Title>
      {account.connections.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="connections-empty">
          <Trans>No connections yet.</Trans>{' '}
          <RouterAnchor to="/copy-trading/{-$id}" params={{}} size="sm">
            <Trans>Find a strategy to copy</Trans>
          </RouterAnchor>
        </Text>
      ) : (
        account.connections.map((connection) => (
          <Group key={connection.id} justify="space-between" wrap="nowrap" data-testid="account-connection">
            <RouterAnchor to="/connection/$id" params={{ id: connection.id }} size="sm">
              {connection.strategyName}
            </RouterAnchor>
            <StatusBadge
              status={connection.status}
              label={connection.status in accountStatusNames ? i18n._(accountStatusNames[connection.status as keyof typeof accountStatusNames]) : connection.status}
            />
          </Group>
        ))
      )}
    </Stack>
  );
}

function AccountDetails({ account }: { account: ExchangeAccountRow }) {
  const { i18n } = useLingui();
  return (
    <Card withBorder padding="md" component="article" aria-labelledby="account-title" data-testid="account-page">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" id="account-title">
            {account.name}
          </Title>
          <StatusBadge status={account.status} label={i18n._(accountStatusNames[account.status])} />
        </Group>
        <StatusNote account={account} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
          <Figure label={<Trans>Exchange</Trans>}>{account.exchangeName}</Figure>
          <Figure label={<Trans>API key</Trans>} testId="account-key">
            ····{account.apiKeyLast4}
          </Figure>
          <Figure label={<Trans>Balance</Trans>} testId="account-balance">
            {account.balance ? formatMoney(account.balance.amount, account.balance.currency) : <Trans>Not read</Trans>}
            {account.balance && account.balanceReadAt && (
              <Text component="span" size="xs" c="dimmed" fw={400} display="block">
                <Trans>read {formatDateTime(account.balanceReadAt)}</Trans>
              </Text>
            )}
          </Figure>
          <Figure label={<Trans>Added</Trans>}>{formatDate(account.createdAt)}</Figure>
        </SimpleGrid>
        <Connections account={account} />
      </Stack>
    </Card>
  );
}

/**
 * `withFlows` mounts the edit and disconnect flows (their providers) for the account around what it is given: the
 * route supplies it, so this view never makes logic.
 */
export function AccountView({
  id,
  withFlows,
}: {
  id: string;
  withFlows: (account: ExchangeAccountRow, exchanges: ExchangeOption[], children: ReactNode) => ReactNode;
}) {
  const tenant = useTenant();
  const account = useQuery(accountQueryOptions(tenant.uuid, id));
  const exchanges = useQuery(exchangesQueryOptions(tenant.uuid));
  if (account.isPending || exchanges.isPending) return <Loading label={<Trans>Loading the account…</Trans>} />;
  if (account.isError && isNotFound(normalizeError(account.error))) {
    return (
      <Alert color="gray" data-testid="account-not-found">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{appErrorText({ code: 'server', reason: 'AccountNotFound' })}</Text>
          <RouterAnchor to="/my-accounts" size="sm">
            <Trans>Back to your accounts</Trans>
          </RouterAnchor>
        </Stack>
      </Alert>
    );
  }
  if (account.isError || exchanges.isError) {
    return (
      <LoadError
        what={<Trans>The account could not be loaded.</Trans>}
        retry={() => [account, exchanges].filter((query) => query.isError).forEach((query) => void query.refetch())}
      />
    );
  }
  return (
    <Stack gap="md">
      <RouterAnchor to="/my-accounts" size="sm">
        <Trans>All accounts</Trans>
      </RouterAnchor>
      <AccountDetails account={account.data} />
      {withFlows(
        account.data,
        exchanges.data,
        <Group gap="sm" align="flex-start">
          <AccountFormAction />
          {account.data.status !== 'disconnected' && <DisconnectAction />}
        </Group>,
      )}
    </Stack>
  );
}
