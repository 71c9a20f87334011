// The balance page (spec §2 /balance, §3 wallet_balance, §9 excluded wallets, history ranges and entry
// types, transaction types): the wallets (available, locked, total = available + locked, credit, withdrawn,
// value in USDT; BTC and AIV left out by the server), a slot for the deposit button, the balance history over
// a range with the sums of its entry types, and the transactions, filterable by type, a page at a time.
import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { HistoryRange, TransactionType } from '../../../domain/ledger';
import { History } from './balance-history';
import { Transactions } from './transactions';
import { Wallets } from './wallets';

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
