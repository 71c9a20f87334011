// Security (spec §2 "Security"): two-factor status and method, the dialogs that turn it on or off and make
// new recovery codes, and the login history, 3 a page with a More button. The route renders the three
// dialogs' flows around the page; its buttons open them.
import { useCallback, useRef } from 'react';
import { Badge, Box, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { loginHistoryQueryOptions, useMember } from '../../api/account';
import type { LoginHistoryQuery } from '../../api/generated/graphql';
import { formatDateTime } from '../../lib/format';
import { useIsSmallScreen } from '../../lib/screen';
import { ActivationContext, DeactivationContext, RecoveryCodesContext } from './account.contexts';
import { ActivationDialog } from './two-factor-dialogs/activation-dialog';
import { DeactivationDialog } from './two-factor-dialogs/deactivation-dialog';
import { RecoveryCodesDialog } from './two-factor-dialogs/recovery-codes-dialog';
import { AccountNav } from './account-nav';

type HistoryEntry = LoginHistoryQuery['loginHistory']['data'][number];

// Browser, platform and device model read as one "device", so the table fits beside the sidebar.
const deviceOf = (entry: HistoryEntry) => [entry.browser_name, entry.platform_name, entry.device_model].filter(Boolean).join(' · ') || '—';
const placeOf = (entry: HistoryEntry) => [entry.city, entry.country_name].filter(Boolean).join(', ') || '—';

function ResultBadge({ success }: { success: boolean }) {
  const { t } = useLingui();
  return (
    <Badge color={success ? 'green' : 'red'} size="sm" style={{ minWidth: 'max-content' }}>
      {success ? t`Success` : t`Failed`}
    </Badge>
  );
}

/** A table on wide screens; on phones a list, one sign-in per item, so nothing scrolls sideways. */
function HistoryEntries({ entries }: { entries: HistoryEntry[] }) {
  const { t } = useLingui();
  const small = useIsSmallScreen();
  if (small) {
    return (
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} data-testid="login-history">
        {entries.map((entry, index) => (
          <Box component="li" key={`${entry.created_at}-${index}`} py="sm" style={{ borderTop: index ? '1px solid var(--mantine-color-default-border)' : undefined }}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} size="sm">
                {formatDateTime(entry.created_at)}
              </Text>
              <ResultBadge success={entry.success} />
            </Group>
            <Text size="sm">{deviceOf(entry)}</Text>
            <Text size="sm" c="dimmed">
              {t`IP address`}: {entry.ip ?? '—'} · {t`Location`}: {placeOf(entry)}
            </Text>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped data-testid="login-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Date`}</Table.Th>
            <Table.Th>{t`Device`}</Table.Th>
            <Table.Th>{t`IP address`}</Table.Th>
            <Table.Th>{t`Location`}</Table.Th>
            <Table.Th>{t`Result`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry, index) => (
            <Table.Tr key={`${entry.created_at}-${index}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</Table.Td>
              <Table.Td>{deviceOf(entry)}</Table.Td>
              <Table.Td>{entry.ip ?? '—'}</Table.Td>
              <Table.Td>{placeOf(entry)}</Table.Td>
              <Table.Td>
                <ResultBadge success={entry.success} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LoginHistory() {
  const { t } = useLingui();
  const history = useInfiniteQuery(loginHistoryQueryOptions());
  const entries = history.data?.pages.flatMap((page) => page.loginHistory.data) ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="login-history-title">
      <Title order={2} size="h4" id="login-history-title" mb="md">
        <Trans>Login history</Trans>
      </Title>
      {history.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t`Loading the login history`}>
          <Skeleton h={24} />
          <Skeleton h={24} />
          <Skeleton h={24} />
        </Stack>
      ) : entries.length === 0 ? (
        <Text c="dimmed" data-testid="login-history-empty">
          <Trans>There has been no sign-in activity yet.</Trans>
        </Text>
      ) : (
        <HistoryEntries entries={entries} />
      )}
      {history.hasNextPage && (
        <Button variant="light" mt="md" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
          <Trans>More</Trans>
        </Button>
      )}
    </Card>
  );
}

export function SecurityView() {
  const member = useMember();
  const twoFactorOn = member.twofa;
  const method = member.twofa_method ?? null;
  const activation = ActivationContext.useActorRef();
  const deactivation = DeactivationContext.useActorRef();
  const recoveryCodes = RecoveryCodesContext.useActorRef();
  // Focus goes back to the button that opened the dialog (after activation the toggle reads "Turn off").
  const toggle = useRef<HTMLButtonElement>(null);
  const newCodes = useRef<HTMLButtonElement>(null);
  const focusToggle = useCallback(() => requestAnimationFrame(() => toggle.current?.focus()), []);
  const focusNewCodes = useCallback(() => requestAnimationFrame(() => newCodes.current?.focus()), []);
  return (
    <Stack gap="lg">
      <AccountNav />
      <Card withBorder padding="lg" component="section" aria-labelledby="twofa-title">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} size="h4" id="twofa-title">
              <Trans>Two-factor authentication</Trans>
            </Title>
            <Text mt={4} data-testid="twofa-status">
              {twoFactorOn ? (
                <Trans>On, with {method === 'google2fa' || !method ? 'Google Authenticator' : method}</Trans>
              ) : (
                <Trans>Off</Trans>
              )}
            </Text>
          </div>
          {twoFactorOn ? (
            <Button ref={toggle} variant="light" color="red" onClick={() => deactivation.send({ type: 'dialog.open' })}>
              <Trans>Turn off</Trans>
            </Button>
          ) : (
            <Button ref={toggle} onClick={() => activation.send({ type: 'dialog.open' })}>
              <Trans>Turn on</Trans>
            </Button>
          )}
        </Group>
        {twoFactorOn && (
          <Group justify="space-between" wrap="wrap" mt="md" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <div>
              <Text fw={600}>
                <Trans>Recovery codes</Trans>
              </Text>
              <Text size="sm" c="dimmed" data-testid="recovery-codes-left">
                <Plural value={member.recovery_codes_left ?? 0} one="# code left, for signing in without your phone." other="# codes left, for signing in without your phone." />
              </Text>
            </div>
            <Button ref={newCodes} variant="default" onClick={() => recoveryCodes.send({ type: 'dialog.open' })}>
              <Trans>Make new codes</Trans>
            </Button>
          </Group>
        )}
      </Card>
      <LoginHistory />
      <ActivationDialog onClosed={focusToggle} />
      <DeactivationDialog onClosed={focusToggle} />
      <RecoveryCodesDialog onClosed={focusNewCodes} />
    </Stack>
  );
}
