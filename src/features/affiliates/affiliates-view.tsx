// Affiliates (issue "Wallet", spec §2 menu rule ref_button_left_menu, §3 aff_plan, Sponsor, flags
// show_ref_link_only_after_purchase, show_ref_tree, show_sponsor_profile): the referral link with copy, the
// sponsor card, the team tree by level, the top team list and the referral earnings. Each section loads on
// its own, with its loading, empty and error state; no section blocks another.
import { Avatar, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { sponsorQueryOptions, useMember } from '../../api/account';
import { referralLink } from '../../lib/member';
import { useTenant } from '../../lib/tenant-context';
import { CopyIconButton, CopyLink } from '../../components/copy-hint';
import { RouterAnchor } from '../../components/router-links';
import { Earnings } from './earnings';
import { Section } from './parts';
import { LoadError, Loading } from '../../components/load-state';
import { TeamTree, TopTeam } from './team-tree';

function ReferralLinkCard() {
  const { t } = useLingui();
  const me = useMember();
  const { whiteLabel } = useTenant();
  const link = referralLink(whiteLabel, me);
  if (!whiteLabel.ref_link) return null;
  return (
    <Section id="referral-title" title={<Trans>Referral link</Trans>}>
      {link ? (
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="referral-link">
              {link}
            </Text>
            <CopyIconButton value={link} label={t`Copy referral link`} />
          </Group>
          <Group>
            <CopyLink value={link}>
              <Trans>Copy the link</Trans>
            </CopyLink>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" data-testid="referral-link-after-purchase">
          <Trans>
            Your referral link appears after your first purchase. <RouterAnchor to="/products">See the products</RouterAnchor>
          </Trans>
        </Text>
      )}
    </Section>
  );
}

function SponsorCard() {
  const { t } = useLingui();
  const sponsor = useQuery(sponsorQueryOptions());
  return (
    <Section id="sponsor-title" title={<Trans>My sponsor</Trans>}>
      {sponsor.isPending && <Loading label={<Trans>Loading your sponsor…</Trans>} />}
      {sponsor.isError && <LoadError what={<Trans>Your sponsor could not be loaded.</Trans>} retry={() => void sponsor.refetch()} />}
      {sponsor.data && !sponsor.data.affSponsor && (
        <Text size="sm" c="dimmed">
          <Trans>You joined without a sponsor.</Trans>
        </Text>
      )}
      {sponsor.data?.affSponsor && (
        <Group gap="md" wrap="nowrap" align="flex-start" data-testid="sponsor">
          <Avatar src={sponsor.data.affSponsor.avatar} alt="" radius="xl" size={48} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{sponsor.data.affSponsor.name}</Text>
            {sponsor.data.affSponsor.email && <Text size="sm">{t`Email: ${sponsor.data.affSponsor.email}`}</Text>}
            {sponsor.data.affSponsor.telegram && <Text size="sm">{t`Telegram: ${sponsor.data.affSponsor.telegram}`}</Text>}
            {sponsor.data.affSponsor.phone && <Text size="sm">{t`Phone: ${sponsor.data.affSponsor.phone}`}</Text>}
          </Stack>
        </Group>
      )}
    </Section>
  );
}

export function AffiliatesView() {
  const { whiteLabel } = useTenant();
  return (
    <Stack gap="lg">
      {(whiteLabel.ref_link || whiteLabel.show_sponsor_profile) && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ReferralLinkCard />
          {whiteLabel.show_sponsor_profile && <SponsorCard />}
        </SimpleGrid>
      )}
      {whiteLabel.show_ref_tree && <TeamTree />}
      <TopTeam />
      <Earnings />
    </Stack>
  );
}
