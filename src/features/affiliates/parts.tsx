// Small pieces the affiliates sections share: a titled card and a table that scrolls sideways on phones.
import type { ReactNode } from 'react';
import { Card, Title } from '@mantine/core';

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

/** A wide table that scrolls sideways on phones; the scroller is focusable so keyboards can scroll it. */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
