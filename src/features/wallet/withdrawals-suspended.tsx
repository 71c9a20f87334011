// Why withdrawals are suspended (spec §3, §6), as the balance page and the withdrawal form say it: overdue
// invoices with the way to pay them, a suspended account or transfers on hold with where to turn, and, when
// they were suspended meanwhile and the reason is not known yet, that they are.
import { Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { WithdrawalSuspension } from '../../../domain/withdrawal-fields';
import { RouterAnchor } from '../../components/router-links';

export function WithdrawalsSuspendedText({ reason }: { reason: WithdrawalSuspension | null }) {
  switch (reason) {
    case 'overdue_invoices':
      return (
        <Text size="sm">
          <Trans>Withdrawals are suspended because of overdue invoices.</Trans>{' '}
          <RouterAnchor to="/invoices" size="sm">
            <Trans>Pay the overdue invoices</Trans>
          </RouterAnchor>
        </Text>
      );
    case 'account':
      return (
        <Text size="sm">
          <Trans>Withdrawals are suspended because your account is suspended. Contact support to have it reviewed.</Trans>
        </Text>
      );
    case 'external_transactions':
      return (
        <Text size="sm">
          <Trans>Withdrawals are suspended: transfers out of your account are on hold. Contact support to learn more.</Trans>
        </Text>
      );
    default:
      return (
        <Text size="sm">
          <Trans>Withdrawals are suspended for your account.</Trans>
        </Text>
      );
  }
}
