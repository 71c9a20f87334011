// One labelled figure of a description list (a plan's terms, a project's or a raffle's figures): the label small
// and dimmed above, the value bold. Callers put it inside a `dl`.
import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';

export function Figure({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} component="div">
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" fw={600} component="dd" m={0} data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}
