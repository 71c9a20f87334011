import { Anchor, Group, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useLoadedTenant } from '../../lib/tenant-context';

/** Copyright name and the user-agreement and privacy-policy links, each only if configured. */
export function TenantFooter() {
  const tenant = useLoadedTenant();
  if (!tenant) return null;
  const { whiteLabel } = tenant;
  const owner = whiteLabel.company_name || whiteLabel.name;
  const year = new Date().getFullYear();
  return (
    <Group component="footer" justify="center" gap="md" py="md" px="sm" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid="copyright">
        <Trans>
          © {year} {owner}. All rights reserved.
        </Trans>
      </Text>
      {whiteLabel.user_agreement_link && (
        <Anchor size="sm" href={whiteLabel.user_agreement_link} target="_blank" rel="noopener noreferrer">
          <Trans>User agreement</Trans>
        </Anchor>
      )}
      {whiteLabel.privacy_policy_link && (
        <Anchor size="sm" href={whiteLabel.privacy_policy_link} target="_blank" rel="noopener noreferrer">
          <Trans>Privacy policy</Trans>
        </Anchor>
      )}
    </Group>
  );
}
