// The member's status (spec §4 "App state", §8): the suspended dialog with View invoices, and the warning
// banner (unpaid invoices, or blinking overdue invoices), both leading to /invoices. Fed by the member's
// settings, polled every 60 s.
import { useEffect } from 'react';
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconAlertTriangle } from '@tabler/icons-react';
import { userSettingsQueryOptions } from '../../api/member';
import { RouterAnchor } from '../../components/router-links';
import { useOverlay } from '../../lib/overlays';
import { MemberStatusContext } from './contexts';
import { dialogWidth } from './dialog-sizes';
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

export function SuspendedDialog() {
  const { t } = useLingui();
  const actor = MemberStatusContext.useActorRef();
  const opened = MemberStatusContext.useSelector((s) => s.hasTag('suspendedDialog'));
  useOverlay(opened);
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      size={dialogWidth}
      centered
      title={t`Your account is suspended`}
      data-testid="suspended-dialog"
    >
      <Stack gap="md">
        <Text>
          <Trans>Your account has been suspended because of unpaid invoices. Pay them to use your account again.</Trans>
        </Text>
        <Button onClick={() => actor.send({ type: 'invoices.open' })} data-autofocus>
          <Trans>View invoices</Trans>
        </Button>
      </Stack>
    </Modal>
  );
}

export function WarningBanner() {
  const banner = MemberStatusContext.useSelector((s) => (s.hasTag('overdueBanner') ? 'overdue' : s.hasTag('unpaidBanner') ? 'unpaid' : null));
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
