// The withdrawals page (spec §2 /withdrawals): the request form and the member's withdrawals.
import { Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { withdrawalMachine } from '../../../machines/wallet/withdrawal.machine';
import type { withdrawalCancelMachine } from '../../../machines/wallet/withdrawal-cancel.machine';
import { toWithdrawalSetup, withdrawalOptionsQueryOptions, type WithdrawalsFilter } from '../../api/wallet';
import type { Flow } from '../../lib/flow-inspection';
import { WithdrawalCancelContext, WithdrawalContext } from './wallet.contexts';
import { WithdrawalForm } from './withdrawal-form';
import { WithdrawalList } from './withdrawal-list';

export interface WithdrawalsViewProps {
  withdrawal: Flow<typeof withdrawalMachine>;
  cancel: Flow<typeof withdrawalCancelMachine>;
  filter: WithdrawalsFilter;
  onFilterChange: (next: WithdrawalsFilter) => void;
}

export function WithdrawalsView({ withdrawal, cancel, filter, onFilterChange }: WithdrawalsViewProps) {
  // The wallets as they are now: another request after one starts from these.
  const setupNow = toWithdrawalSetup(useSuspenseQuery(withdrawalOptionsQueryOptions()).data.withdrawalOptions);
  return (
    <Stack gap="lg">
      <WithdrawalContext.Provider logic={withdrawal.logic} options={withdrawal.options}>
        <WithdrawalForm setupNow={setupNow} />
      </WithdrawalContext.Provider>
      <WithdrawalCancelContext.Provider logic={cancel.logic} options={cancel.options}>
        <WithdrawalList filter={filter} onFilterChange={onFilterChange} />
      </WithdrawalCancelContext.Provider>
    </Stack>
  );
}
