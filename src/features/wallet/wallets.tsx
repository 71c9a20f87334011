// The member's wallets (spec §2 /balance, §3 wallet_balance, §9 excluded wallets): available, locked, total =
// available + locked, credit, withdrawn and the value in USDT (BTC and AIV left out by the server), with a
// slot for the deposit button.
import type { ReactNode } from 'react';
import { Card, Group, Image, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoin, IconCurrencyBitcoin, IconCurrencyDollar, IconCurrencyEuro } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { add } from '../../../domain/money';
import { walletBalancesQueryOptions, type WalletBalance } from '../../api/wallet';
import { LoadError, Loading } from '../../components/load-state';
import { formatMoney } from '../../lib/format';

function CurrencyIcon({ wallet }: { wallet: WalletBalance }) {
  if (wallet.icon) return <Image src={wallet.icon} alt="" w={36} h={36} radius="xl" />;
  const code = wallet.currency.toUpperCase();
  const Icon = code === 'EUR' ? IconCurrencyEuro : code === 'BTC' ? IconCurrencyBitcoin : ['USD', 'USDT', 'USDC'].includes(code) ? IconCurrencyDollar : IconCoin;
  return (
    <ThemeIcon size={36} radius="xl" variant="light" aria-hidden>
      <Icon size={20} />
    </ThemeIcon>
  );
}

export function Wallets({ depositSlot }: { depositSlot?: ReactNode }) {
  const balances = useQuery(walletBalancesQueryOptions());
  const wallets = balances.data?.me?.wallet_balance ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="wallets-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h4" id="wallets-title">
          <Trans>My wallets</Trans>
        </Title>
        {depositSlot}
      </Group>
      {balances.isPending && <Loading label={<Trans>Loading wallets…</Trans>} />}
      {balances.isError && <LoadError what={<Trans>The wallets could not be loaded.</Trans>} retry={() => void balances.refetch()} />}
      {balances.isSuccess && wallets.length === 0 && (
        <Text c="dimmed">
          <Trans>You have no wallets yet. A deposit opens one.</Trans>
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {wallets.map((wallet) => (
          <WalletCard key={wallet.currency} wallet={wallet} />
        ))}
      </SimpleGrid>
    </Card>
  );
}

function WalletCard({ wallet }: { wallet: WalletBalance }) {
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
        <Stack gap={0}>
          <Text fw={700}>{wallet.currency}</Text>
          <Text size="xl" fw={700} data-testid="wallet-total">
            {money(total)}
          </Text>
        </Stack>
      </Group>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Tbody>
          {rows.map(([label, value], index) => (
            <Table.Tr key={index}>
              <Table.Th fw={400} c="dimmed" w="50%">
                {label}
              </Table.Th>
              <Table.Td ta="right">{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
