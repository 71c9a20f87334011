// The member's status (spec §4 "App state", §8): the suspended dialog with View invoices, and the warning
// banner (unpaid invoices, or blinking overdue invoices), both leading to /invoices. Fed by the member's
// settings, polled every 60 s.
import { lazy, useEffect } from 'react';
import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { IconAlertTriangle } from '@tabler/icons-react';
import { userSettingsQueryOptions } from '../../api/app-status';
import { RouterAnchor } from '../../components/router-links';
import { useOverlay } from '../../lib/overlays';
import { LazyOverlay } from '../../components/lazy-overlay';
import { selectBanner, selectSuspendedDialog } from '../../../machines/app-status/member-status.selectors';
import { MemberStatusContext } from './member-status.contexts';
import './member-status.css';

/** Sends each new answer of the settings poll to the member-status flow. */
export function MemberSettingsFeed() {
  const actor = MemberStatusContext.useActorRef();
  const settings = useQuery(userSettingsQueryOptions()).data?.userSettings;
  useEffect(() => {
    if (settings) actor.send({ type: 'settings.received', ...settings });
  }, [actor, settings]);
  return null;
}

const SuspendedModal = lazy(() => import('./suspended-modal'));

/** The suspended dialog; its code loads only for a suspended member. */
export function SuspendedDialog() {
  const actor = MemberStatusContext.useActorRef();
  const opened = MemberStatusContext.useSelector(selectSuspendedDialog);
  useOverlay(opened);
  return (
    <LazyOverlay opened={opened}>
      <SuspendedModal opened={opened} onViewInvoices={() => actor.send({ type: 'invoices.open' })} />
    </LazyOverlay>
  );
}

export function WarningBanner() {
  const banner = MemberStatusContext.useSelector(selectBanner);
  if (!banner) return null;
  return (
    <Alert
      color={banner === 'overdue' ? 'red' : 'yellow'}
      icon={<IconAlertTriangle size={18} />}
      role="status"
      mb="md"
      className={banner === 'overdue' ? 'blinking-banner' : undefined}
      data-testid="warning-banner"
      data-banner={banner}
    >
      <Text size="sm">
        {banner === 'overdue' ? (
          <Trans>
            You have overdue invoices: copy trading and withdrawals are suspended until they are paid.{' '}
            <RouterAnchor to="/invoices">Pay the invoices</RouterAnchor>
          </Trans>
        ) : (
          <Trans>
            You have unpaid invoices.{' '}
            <RouterAnchor to="/invoices">View invoices</RouterAnchor>
          </Trans>
        )}
      </Text>
    </Alert>
  );
}
