// The member's wallets (spec §2 /balance, §3 wallet_balance, §9 excluded wallets): available, locked, total =
// available + locked, credit, withdrawn and the value in USDT (BTC and AIV left out by the server), with a
// slot for the deposit button and the way to /withdrawals: a Withdraw beside the deposit, one on each card the
// withdrawal form takes, and instead of them the reason while withdrawals are suspended; and, where the tenant's
// merchants sell coins, Buy on the cards of those coins and a row of the coins to buy (/merchants/buy/{symbol}).
import type { ReactNode } from 'react';
import { Box, Card, Group, Image, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { add } from '../../../domain/money';
import { walletBalancesQueryOptions, withdrawalOptionsQueryOptions, type WalletBalance } from '../../api/wallet';
import { merchantAssetsQueryOptions } from '../../api/merchants';
import { useTenant } from '../../lib/tenant-context';
import { tenantFeatures } from '../../lib/tenant';
import { LoadError, Loading } from '../../components/load-state';
import { RouterButton } from '../../components/router-links';
import { currencyMark } from './currency-icons';
import { WithdrawalsSuspendedText } from './withdrawals-suspended';
import { withdrawalSuspensions, type WithdrawalSuspension } from '../../../domain/withdrawal-fields';
import { formatMoney } from '../../lib/format';

function CurrencyIcon({ wallet }: { wallet: WalletBalance }) {
  if (wallet.icon) return <Image src={wallet.icon} alt="" w={36} h={36} radius="xl" />;
  const Icon = currencyMark(wallet.currency);
  return (
    <ThemeIcon size={36} radius="xl" variant="light" aria-hidden>
      <Icon size={20} />
    </ThemeIcon>
  );
}

/**
 * Where the member may withdraw from: null until the withdrawal options are known (no action shown yet),
 * suspended, or the wallets the withdrawal form takes.
 */
function useWithdrawable(): { suspended: boolean; reason: WithdrawalSuspension | null; currencies: ReadonlySet<string> } | null {
  const options = useQuery(withdrawalOptionsQueryOptions()).data?.withdrawalOptions;
  if (!options) return null;
  return {
    suspended: options.suspended,
    reason: withdrawalSuspensions.find((why) => why === options.suspended_reason) ?? null,
    currencies: new Set(options.currencies.map((currency) => currency.currency)),
  };
}

/** The coins the tenant's merchants sell (none without the module, or until they are known). */
function useBuyable(): string[] {
  const tenant = useTenant();
  const on = tenantFeatures(tenant).merchants;
  const assets = useQuery({ ...merchantAssetsQueryOptions(tenant.uuid), enabled: on }).data?.moduleMerchantAssets;
  return on && assets ? assets.map((asset) => asset.symbol) : [];
}

export function Wallets({ depositSlot }: { depositSlot?: ReactNode }) {
  const { t } = useLingui();
  const balances = useQuery(walletBalancesQueryOptions());
  const wallets = balances.data?.me?.wallet_balance ?? [];
  const withdrawable = useWithdrawable();
  const buyable = useBuyable();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="wallets-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h4" id="wallets-title">
          <Trans>My wallets</Trans>
        </Title>
        <Group gap="sm" wrap="wrap">
          {withdrawable && !withdrawable.suspended && (
            <RouterButton to="/withdrawals" size="compact-md" variant="default" leftSection={<IconArrowUpRight size={16} aria-hidden />}>
              <Trans>Withdraw</Trans>
            </RouterButton>
          )}
          {depositSlot}
        </Group>
      </Group>
      {withdrawable?.suspended && (
        <Box mb="md" data-testid="wallets-withdrawals-suspended">
          <WithdrawalsSuspendedText reason={withdrawable.reason} />
        </Box>
      )}
      {balances.isPending && <Loading label={<Trans>Loading wallets…</Trans>} />}
      {balances.isError && <LoadError what={<Trans>The wallets could not be loaded.</Trans>} retry={() => void balances.refetch()} />}
      {balances.isSuccess && wallets.length === 0 && (
        <Text c="dimmed">
          <Trans>You have no wallets yet. A deposit opens one.</Trans>
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {wallets.map((wallet) => (
          <WalletCard
            key={wallet.currency}
            wallet={wallet}
            withdrawable={Boolean(withdrawable && !withdrawable.suspended && withdrawable.currencies.has(wallet.currency))}
            buyable={buyable.includes(wallet.currency)}
          />
        ))}
      </SimpleGrid>
      {buyable.length > 0 && (
        <Group gap="xs" mt="md" wrap="wrap" role="group" aria-label={t`Buy coins`} data-testid="wallets-buy">
          <Text size="sm" fw={600}>
            <Trans>Buy coins:</Trans>
          </Text>
          {buyable.map((symbol) => (
            <RouterButton key={symbol} to="/merchants/buy/$symbol" params={{ symbol }} size="compact-sm" variant="light" aria-label={t`Buy ${symbol}`}>
              {symbol}
            </RouterButton>
          ))}
        </Group>
      )}
    </Card>
  );
}

function WalletCard({ wallet, withdrawable, buyable }: { wallet: WalletBalance; withdrawable: boolean; buyable: boolean }) {
  const { t } = useLingui();
  const currency = wallet.currency;
  const money = (amount: string) => formatMoney(amount, wallet.currency);
  const total = add(wallet.available, wallet.locked);
  const rows: [ReactNode, string][] = [
    [<Trans key="available">Available</Trans>, money(wallet.available)],
    [<Trans key="locked">Locked</Trans>, money(wallet.locked)],
    [<Trans key="credit">Credit</Trans>, money(wallet.credit)],
    [<Trans key="withdrawn">Withdrawn</Trans>, money(wallet.withdrawn)],
    [<Trans key="usdt">Value in USDT</Trans>, formatMoney(wallet.usdt_value, 'USDT')],
  ];
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={wallet.currency} data-testid={`wallet-${wallet.currency}`}>
      <Group gap="sm" mb="sm" wrap="nowrap">
        <CurrencyIcon wallet={wallet} />
        <Stack gap={0} style={{ flex: 1 }}>
          <Text fw={700}>{wallet.currency}</Text>
          <Text size="xl" fw={700} data-testid="wallet-total">
            {money(total)}
          </Text>
          {/* The big figure is not what can be spent: it counts what withdrawals hold too. */}
          <Text size="xs" c="dimmed" data-testid="wallet-total-label">
            <Trans>Total in this wallet: available + locked</Trans>
          </Text>
        </Stack>
        {withdrawable && (
          <RouterButton
            to="/withdrawals"
            search={{ currency: wallet.currency }}
            size="compact-sm"
            variant="light"
            aria-label={t`Withdraw ${currency}`}
            style={{ alignSelf: 'flex-start' }}
          >
            <Trans>Withdraw</Trans>
          </RouterButton>
        )}
        {buyable && (
          <RouterButton
            to="/merchants/buy/$symbol"
            params={{ symbol: currency }}
            size="compact-sm"
            variant="light"
            aria-label={t`Buy ${currency}`}
            style={{ alignSelf: 'flex-start' }}
          >
            <Trans>Buy</Trans>
          </RouterButton>
        )}
      </Group>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Tbody>
          {rows.map(([label, value], index) => (
            <Table.Tr key={index}>
              <Table.Th fw={400} c="dimmed" w="50%">
                {label}
              </Table.Th>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
