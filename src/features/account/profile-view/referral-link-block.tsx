// The member's referral link, with two ways to copy it.
import { Card, Group, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { CopyIconButton, CopyLink } from '../../../components/copy-hint';

export function ReferralLinkBlock({ link }: { link: string }) {
  const { t } = useLingui();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="referral-title">
      <Title order={2} size="h4" id="referral-title" mb="md">
        <Trans>Referral link</Trans>
      </Title>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="referral-link">
          {link}
        </Text>
        <CopyIconButton value={link} label={t`Copy referral link`} />
      </Group>
      <Group mt="xs">
        <CopyLink value={link}>
          <Trans>Copy the link</Trans>
        </CopyLink>
      </Group>
    </Card>
  );
}
