// Small pieces every affiliates section uses: a titled card, a loading line and a load error with retry.
import type { ReactNode } from 'react';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

export function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

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

/** A wide table that scrolls sideways on phones; the scroller is focusable so keyboards can scroll it. */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
