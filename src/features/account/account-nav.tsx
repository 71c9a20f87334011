// Profile | Security: the two pages of the member's settings, each one step from the other.
import { Group } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { RouterButton } from '../../components/router-links';

export function AccountNav() {
  const { t } = useLingui();
  return (
    <Group component="nav" aria-label={t`Settings pages`} gap="xs" mb="lg">
      {(
        [
          { to: '/settings', label: t`Profile` },
          { to: '/security', label: t`Security` },
        ] as const
      ).map((page) => (
        <RouterButton
          key={page.to}
          to={page.to}
          variant="default"
          size="sm"
          radius="xl"
          activeProps={{ variant: 'filled', 'aria-current': 'page' }}
        >
          {page.label}
        </RouterButton>
      ))}
    </Group>
  );
}
