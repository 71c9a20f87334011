// The member's sponsor (spec §2 "Profile"), where the tenant shows it (show_sponsor_profile).
import { Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { sponsorQueryOptions } from '../../../api/account';

export function SponsorBlock() {
  const { t } = useLingui();
  const sponsor = useQuery(sponsorQueryOptions()).data?.affSponsor;
  if (!sponsor) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sponsor-title">
      <Title order={2} size="h4" id="sponsor-title" mb="md">
        <Trans>My sponsor</Trans>
      </Title>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar src={sponsor.avatar} alt="" radius="xl" size={48} />
        <Stack gap={2}>
          <Text fw={600}>{sponsor.name}</Text>
          {sponsor.email && <Text size="sm">{t`Email: ${sponsor.email}`}</Text>}
          {sponsor.telegram && <Text size="sm">{t`Telegram: ${sponsor.telegram}`}</Text>}
          {sponsor.phone && <Text size="sm">{t`Phone: ${sponsor.phone}`}</Text>}
        </Stack>
      </Group>
    </Card>
  );
}
