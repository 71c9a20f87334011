// The balance page, composed: the wallet area's view with the payments area's deposit button beside the
// wallets (the header's button, the same deposit flow), left out when the tenant turns deposits off
// (disable_deposit), as in the header.
import { BalanceView, type BalanceViewProps } from '../../features/wallet/balance-view';
import { useTenant } from '../../lib/tenant-context';
import { MemberDepositButton } from './member-page';

export function BalanceWithDeposit(props: Omit<BalanceViewProps, 'depositSlot'>) {
  const tenant = useTenant();
  return <BalanceView {...props} depositSlot={tenant.whiteLabel.disable_deposit ? undefined : <MemberDepositButton />} />;
}
