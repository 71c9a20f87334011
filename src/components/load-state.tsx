// What a section shows while its data loads, and when loading failed: a line with a spinner, and an alert
// with a retry. Every list and widget that loads its own data shows these two, so they read the same everywhere.
import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

export function LoadError({ what, retry }: { what: ReactNode; retry: () => void }) {
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{what}</Text>
        <Button size="xs" variant="light" onClick={retry}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}

export function Loading({ label }: { label: ReactNode }) {
  return (
    <Group justify="center" p="md" role="status" aria-live="polite">
      <Loader size="sm" />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
