// The member's info panel: desktop right sidebar, and the panel the mobile avatar toggles. Balance, user
// info, my tariff, referral link (if allowed), my sponsor, my instruments.
import { Avatar, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../lib/format';
import { referralLink, walletTotal } from '../../lib/member';
import { useTenant } from '../../lib/tenant-context';
import { tenantFeatures } from '../../lib/tenant';
import { RouterAnchor, RouterButton } from '../../components/router-links';
import { CopyIconButton } from '../../components/copy-hint';
import { useMe } from './use-shell-data';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

export function MemberPanel() {
  const { t } = useLingui();
  const tenant = useTenant();
  const me = useMe();
  if (me.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t`Loading your details`}>
        <Skeleton h={48} />
        <Skeleton h={80} />
        <Skeleton h={60} />
      </Stack>
    );
  }
  if (!me.data?.me || !tenant) {
    return (
      <Text c="dimmed" size="sm">
        <Trans>Your details could not be loaded.</Trans>
      </Text>
    );
  }
  const member = me.data.me;
  const { whiteLabel } = tenant;
  const refLink = referralLink(whiteLabel, member);
  const purchase = member.purchase;
  return (
    <Stack gap="lg">
      <Section title={t`Balance`}>
        <Text fw={700} size="xl" data-testid="panel-balance">
          {formatMoney(walletTotal(member), 'USDT')}
        </Text>
        <Text size="xs" c="dimmed" data-testid="panel-balance-label">
          <Trans>Total, all wallets: available and locked, valued in USDT</Trans>
        </Text>
        <Group gap="xs">
          <RouterButton to="/balance" variant="light" size="xs">
            <Trans>Open wallet</Trans>
          </RouterButton>
          {/* The withdrawals page says why when withdrawals are suspended. */}
          <RouterButton to="/withdrawals" variant="light" size="xs">
            <Trans>Withdraw</Trans>
          </RouterButton>
        </Group>
      </Section>
      <Divider />
      <Section title={t`Account`}>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={member.avatar} alt="" radius="xl" />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate title={member.name}>
              {member.name}
            </Text>
            <Text size="sm" c="dimmed" truncate title={member.obfuscated_email ?? undefined}>
              {member.obfuscated_email}
            </Text>
          </div>
        </Group>
        <Group gap="md">
          <RouterAnchor to="/settings" size="sm">
            <Trans>Settings</Trans>
          </RouterAnchor>
          <RouterAnchor to="/security" size="sm">
            <Trans>Security</Trans>
          </RouterAnchor>
          {/* The platform subscription is the tenant owners' to activate and renew (spec §1, §6). */}
          {member.subscription?.can_activate && (
            <RouterAnchor to="/subscriptions" size="sm">
              <Trans>Subscriptions</Trans>
            </RouterAnchor>
          )}
        </Group>
      </Section>
      <Section title={t`My tariff`}>
        {purchase ? (
          <>
            <Text fw={600}>{purchase.name}</Text>
            {purchase.description && (
              // Each line on its own (pre-line): joined they read as one sentence.
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {purchase.description.split('\n').slice(0, 3).join('\n')}
              </Text>
            )}
            {purchase.has_upgrades && (
              // Where the tenant has no tariffs page, the dashboard's My tariff opens the upgrade dialog.
              <RouterButton
                {...(tenantFeatures(tenant).tariffs ? { to: '/tariffs' } : { to: '/dashboard', search: { upgrade: true } })}
                size="xs"
                variant="light"
              >
                <Trans>Upgrade</Trans>
              </RouterButton>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>No tariff</Trans>
          </Text>
        )}
      </Section>
      {refLink && (
        <Section title={t`Referral link`}>
          {/* The end of the link is the member's own code: that is the part shown when it does not fit. */}
          <Group gap={4} wrap="nowrap">
            <Text
              size="sm"
              style={{ minWidth: 0, flex: 1, overflow: 'hidden', whiteSpace: 'nowrap' }}
              title={refLink}
              data-testid="panel-referral-link"
            >
              <span
                style={{ display: 'block', direction: 'rtl', textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
                <bdi>{refLink}</bdi>
              </span>
            </Text>
            <CopyIconButton value={refLink} label={t`Copy referral link`} />
          </Group>
        </Section>
      )}
      {whiteLabel.show_sponsor_profile && member.sponsor && (
        <Section title={t`My sponsor`}>
          <Group gap="sm" wrap="nowrap">
            <Avatar src={member.sponsor.avatar} alt="" radius="xl" size="sm" />
            <Text size="sm">{member.sponsor.name}</Text>
          </Group>
        </Section>
      )}
      <Section title={t`My instruments`}>
        {member.services.length ? (
          member.services.map((service) => (
            <Group key={service.id} justify="space-between">
              <Text size="sm">{service.name}</Text>
              <Text size="xs" c="dimmed">
                {service.status}
              </Text>
            </Group>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>No instruments yet</Trans>
          </Text>
        )}
      </Section>
    </Stack>
  );
}
