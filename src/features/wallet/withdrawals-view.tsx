// The withdrawals page (spec §2 /withdrawals): the request form and the member's withdrawals. The route
// renders the withdrawal and cancel flows around it.
import { Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { toWithdrawalSetup, withdrawalOptionsQueryOptions, type WithdrawalsFilter } from '../../api/wallet';
import { WithdrawalForm } from './withdrawal-form';
import { WithdrawalList } from './withdrawal-list';

export interface WithdrawalsViewProps {
  filter: WithdrawalsFilter;
  onFilterChange: (next: WithdrawalsFilter) => void;
  /** The wallet the form starts on (a wallet card's Withdraw); null: the first. */
  currency?: string | null;
}

export function WithdrawalsView({ filter, onFilterChange, currency = null }: WithdrawalsViewProps) {
  // The wallets as they are now: another request after one starts from these.
  const setupNow = toWithdrawalSetup(useSuspenseQuery(withdrawalOptionsQueryOptions()).data.withdrawalOptions);
  return (
    <Stack gap="lg">
      <WithdrawalForm setupNow={setupNow} currency={currency} />
      <WithdrawalList filter={filter} onFilterChange={onFilterChange} />
    </Stack>
  );
}
