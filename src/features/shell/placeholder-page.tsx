import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import { usePageTitle } from './page-title';

/** A route whose feature is not built yet: its title and a clear note, inside its layout. */
export function PlaceholderPage() {
  const title = usePageTitle();
  return (
    <Paper withBorder p="xl" radius="md" data-testid="placeholder-page">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconTools size={26} />
        </ThemeIcon>
        <Text fw={700} size="lg">
          {title}
        </Text>
        <Text c="dimmed" maw={420}>
          <Trans>This section is being prepared and will appear here soon.</Trans>
        </Text>
      </Stack>
    </Paper>
  );
}
