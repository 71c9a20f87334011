// The balance page (spec §2 /balance, §3 wallet_balance, §9 excluded wallets, history ranges and entry
// types, transaction types): the wallets (available, locked, total = available + locked, credit, withdrawn,
// value in USDT; BTC and AIV left out by the server), a slot for the deposit button, the balance history over
// a range with the sums of its entry types, and the transactions, filterable by type, a page at a time.
import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Image,
  Loader,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  useMatches,
  VisuallyHidden,
} from '@mantine/core';
import { IconCoin, IconCurrencyBitcoin, IconCurrencyDollar, IconCurrencyEuro } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery, keepPreviousData } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  historyEntryTypes,
  historyRangeKeys,
  isHistoryRange,
  isTransactionType,
  transactionTypes,
  type HistoryEntryType,
  type HistoryRange,
  type TransactionType,
} from '../../../domain/ledger';
import { add, compare, extent, positionBetween, sum } from '../../../domain/money';
import {
  balanceHistoryQueryOptions,
  walletBalancesQueryOptions,
  walletTransactionsQueryOptions,
  type BalanceHistoryAnswer,
  type WalletBalance,
} from '../../api/wallet';
import { formatDateTime, formatMoney } from '../../lib/format';
import { historyEntryNames, historyRangeNames, transactionTypeNames } from './transaction-types';

export interface BalanceViewProps {
  range: HistoryRange;
  onRangeChange: (range: HistoryRange) => void;
  type: TransactionType | null;
  onTypeChange: (type: TransactionType | null) => void;
  /** The deposit button (the deposit flow, built by the payments area): shown with the wallets. */
  depositSlot?: ReactNode;
}

export function BalanceView({ range, onRangeChange, type, onTypeChange, depositSlot }: BalanceViewProps) {
  return (
    <Stack gap="lg">
      <Wallets depositSlot={depositSlot} />
      <History range={range} onRangeChange={onRangeChange} />
      <Transactions type={type} onTypeChange={onTypeChange} />
    </Stack>
  );
}

export function LoadError({ what, retry }: { what: ReactNode; retry: () => void }) {
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{what}</Text>
        <Button size="xs" variant="light" onClick={retry}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}

export function Loading({ label }: { label: ReactNode }) {
  return (
    <Group justify="center" p="md" role="status" aria-live="polite">
      <Loader size="sm" />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

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

function Wallets({ depositSlot }: { depositSlot?: ReactNode }) {
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

const entryField: Record<HistoryEntryType, 'realised_pnl' | 'deposit' | 'withdrawal' | 'affiliate_payout'> = {
  RealisedPNL: 'realised_pnl',
  Deposit: 'deposit',
  Withdrawal: 'withdrawal',
  AffiliatePayout: 'affiliate_payout',
};

function History({ range, onRangeChange }: { range: HistoryRange; onRangeChange: (range: HistoryRange) => void }) {
  const { t, i18n } = useLingui();
  const history = useQuery({ ...balanceHistoryQueryOptions(range), placeholderData: keepPreviousData });
  const answer = history.data?.balanceHistory;
  // The five periods fit side by side from the xs breakpoint; on a phone they stand one under another. Known
  // at the first render, so a desktop never sees them jump.
  const periodsSideBySide = useMatches({ base: false, xs: true }, { getInitialValueInEffect: false });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="history-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h4" id="history-title">
          <Trans>Balance history</Trans>
        </Title>
        <SegmentedControl
          aria-label={t`Period`}
          orientation={periodsSideBySide ? 'horizontal' : 'vertical'}
          fullWidth={!periodsSideBySide}
          value={range}
          onChange={(value) => isHistoryRange(value) && onRangeChange(value)}
          data={historyRangeKeys.map((key) => ({ value: key, label: i18n._(historyRangeNames[key]) }))}
        />
      </Group>
      {history.isPending && <Loading label={<Trans>Loading the balance history…</Trans>} />}
      {history.isError && !answer && <LoadError what={<Trans>The balance history could not be loaded.</Trans>} retry={() => void history.refetch()} />}
      {answer && (
        <Stack gap="md" aria-busy={history.isPlaceholderData} data-range={answer.range} data-testid="balance-history">
          <HistoryChart history={answer} />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {historyEntryTypes.map((entry) => {
              const total = sum(answer.points.map((point) => point[entryField[entry]]));
              return (
                <Stack key={entry} gap={0}>
                  <Text size="xs" c="dimmed">
                    {i18n._(historyEntryNames[entry])}
                  </Text>
                  <Text fw={600} data-testid={`history-${entry}`}>
                    {formatMoney(total, answer.currency)}
                  </Text>
                </Stack>
              );
            })}
          </SimpleGrid>
        </Stack>
      )}
    </Card>
  );
}

const chart = { width: 640, height: 200, pad: 8 };

function HistoryChart({ history }: { history: BalanceHistoryAnswer }) {
  const { t, i18n } = useLingui();
  const points = history.points;
  if (points.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>No movements in this period.</Trans>
      </Text>
    );
  }
  const { low, high } = extent(points.map((point) => point.balance));
  const x = (index: number) => chart.pad + (points.length === 1 ? 0.5 : index / (points.length - 1)) * (chart.width - 2 * chart.pad);
  const y = (balance: string) => chart.height - chart.pad - positionBetween(balance, low, high) * (chart.height - 2 * chart.pad);
  const line = points.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(point.balance).toFixed(1)}`).join(' ');
  const dateFormat = new Intl.DateTimeFormat(i18n.locale || 'en', history.bucket === 'month' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const first = points[0]!;
  const last = points.at(-1)!;
  const from = dateFormat.format(new Date(first.date));
  const to = dateFormat.format(new Date(last.date));
  const lowText = formatMoney(low, history.currency);
  const highText = formatMoney(high, history.currency);
  const lastText = formatMoney(last.balance, history.currency);
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        width="100%"
        height={chart.height}
        preserveAspectRatio="none"
        role="img"
        aria-label={t`Balance from ${from} to ${to}: lowest ${lowText}, highest ${highText}, now ${lastText}`}
        data-testid="history-chart"
        data-points={points.length}
      >
        <path d={line} fill="none" stroke="var(--mantine-primary-color-filled)" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      </svg>
      <Group justify="space-between" component="figcaption">
        <Text size="xs" c="dimmed">
          {from}
        </Text>
        <Text size="xs" c="dimmed">
          <Trans>
            Lowest {lowText} · highest {highText} · now {lastText}
          </Trans>
        </Text>
        <Text size="xs" c="dimmed">
          {to}
        </Text>
      </Group>
    </figure>
  );
}

function Transactions({ type, onTypeChange }: { type: TransactionType | null; onTypeChange: (type: TransactionType | null) => void }) {
  const { t, i18n } = useLingui();
  const list = useInfiniteQuery(walletTransactionsQueryOptions(type));
  const rows = list.data?.pages.flatMap((page) => page.walletTransactions.data) ?? [];
  const total = list.data?.pages[0]?.walletTransactions.total ?? 0;
  const shown = rows.length;
  const typeName = (value: string) => (isTransactionType(value) ? i18n._(transactionTypeNames[value]) : value);
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
            ...transactionTypes
              .map((value) => ({ value, label: i18n._(transactionTypeNames[value]) }))
              .sort((a, b) => a.label.localeCompare(b.label, i18n.locale)),
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
          {/* On a phone the date, type and amount fit the screen; the balance after shows from sm up. */}
          <Table.ScrollContainer minWidth={0}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
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
                    <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{typeName(row.type)}</Text>
                      {row.note && (
                        <Text size="xs" c="dimmed">
                          {row.note}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {compare(row.amount, '0') > 0 ? '+' : ''}
                      {formatMoney(row.amount, row.currency)}
                    </Table.Td>
                    <Table.Td ta="right" visibleFrom="sm">
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
