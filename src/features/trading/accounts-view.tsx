// /my-accounts (issue 31, spot or futures module): the member's exchange accounts (name, exchange, status, the
// key's last 4 characters, balance), each linking to its page, and Add account; at the services' limit the action
// says why and offers the upgrade instead. The route mounts the add flow around it once the exchanges are known.
import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { accountsQueryOptions, exchangesQueryOptions, servicesQueryOptions } from '../../api/trading';
import type { ExchangeAccountRow, ExchangeOption } from '../../../machines/trading/trading.types';
import { Figure } from '../../components/figure';
import { LoadError, Loading } from '../../components/load-state';
import { RouterAnchor } from '../../components/router-links';
import { StatusBadge } from '../../components/status-badge';
import { formatMoney } from '../../lib/format';
import { useTenant } from '../../lib/tenant-context';
import { AccountFormAction } from './account-form';
import { addAccountRefusal } from './limits';
import { accountStatusNames } from './trading.messages';

function AccountCard({ account }: { account: ExchangeAccountRow }) {
  const { i18n } = useLingui();
  const titleId = `account-${account.id}`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId} data-testid="exchange-account">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5" id={titleId}>
            <RouterAnchor to="/my-account/$id" params={{ id: account.id }}>
              {account.name}
            </RouterAnchor>
          </Title>
          <StatusBadge status={account.status} label={i18n._(accountStatusNames[account.status])} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" component="dl" m={0}>
          <Figure label={<Trans>Exchange</Trans>}>{account.exchangeName}</Figure>
          <Figure label={<Trans>API key</Trans>}>
            <Text component="span" ff="monospace" size="sm" fw={600}>
              ····{account.apiKeyLast4}
            </Text>
          </Figure>
          <Figure label={<Trans>Balance</Trans>}>
            {account.balance ? formatMoney(account.balance.amount, account.balance.currency) : <Trans>Not read</Trans>}
          </Figure>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/**
 * `withAddFlow` mounts the add flow (its provider) around what it is given, with the exchanges offered: the route
 * supplies it, so this view never makes logic.
 */
export function AccountsView({ withAddFlow }: { withAddFlow: (exchanges: ExchangeOption[], children: ReactNode) => ReactNode }) {
  const tenant = useTenant();
  const accounts = useQuery(accountsQueryOptions(tenant.uuid));
  const services = useQuery(servicesQueryOptions(tenant.uuid));
  const exchanges = useQuery(exchangesQueryOptions(tenant.uuid));
  if (accounts.isPending || services.isPending || exchanges.isPending) return <Loading label={<Trans>Loading your accounts…</Trans>} />;
  if (accounts.isError || services.isError || exchanges.isError) {
    return (
      <LoadError
        what={<Trans>Your accounts could not be loaded.</Trans>}
        retry={() => [accounts, services, exchanges].filter((query) => query.isError).forEach((query) => void query.refetch())}
      />
    );
  }
  const refusal = addAccountRefusal(services.data, accounts.data);
  return (
    <Stack gap="md">
      {withAddFlow(exchanges.data, <AccountFormAction refusal={refusal} />)}
      <Stack gap="sm" component="section" aria-labelledby="accounts-title">
        <Title order={2} size="h4" id="accounts-title">
          <Trans>Your exchange accounts</Trans>
        </Title>
        {accounts.data.length === 0 ? (
          <Card withBorder data-testid="accounts-empty">
            <Text c="dimmed" size="sm">
              <Trans>No exchange accounts yet. Add one to trade through the portal: its key is checked with the exchange first.</Trans>
            </Text>
          </Card>
        ) : (
          accounts.data.map((account) => <AccountCard key={account.id} account={account} />)
        )}
      </Stack>
    </Stack>
  );
}
