// @vitest-environment jsdom
// The balance page's deposit button (spec §2 /balance "the deposit button"): the header's deposit flow beside
// the wallets, and none when the tenant turns deposits off (disable_deposit), as in the header.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { BalanceWithDeposit } from '../../src/app/pages/balance-page';
import { walletBalancesQueryOptions } from '../../src/api/wallet';
import { renderView, testTenant } from '../support/render';
import { memberQueryClient } from '../support/member';

function renderBalance(disableDeposit: boolean) {
  const queryClient = memberQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  queryClient.setQueryData(walletBalancesQueryOptions().queryKey, { me: { id: '1', wallet_balance: [] } } as never);
  const tenant = { ...testTenant, whiteLabel: { ...testTenant.whiteLabel, disable_deposit: disableDeposit } };
  renderView(<BalanceWithDeposit range="7d" onRangeChange={() => {}} type={null} onTypeChange={() => {}} />, { tenant, queryClient });
}

describe('balance deposit button', () => {
  it('opens the deposit dialog from beside the wallets', async () => {
    renderBalance(false);
    const wallets = await screen.findByRole('region', { name: 'My wallets' });
    fireEvent.click(within(wallets).getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByRole('dialog', { name: 'Deposit funds' })).toBeInTheDocument();
  });

  it('is left out when the tenant turns deposits off', async () => {
    renderBalance(true);
    const wallets = await screen.findByRole('region', { name: 'My wallets' });
    expect(within(wallets).queryByRole('button', { name: 'Deposit' })).not.toBeInTheDocument();
  });
});
