// The widget layout: a single dashboard widget with no chrome, for embedding.
import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { PageHeading } from './page-title';

export function WidgetLayout({ children }: { children: ReactNode }) {
  return (
    <Box component="main" p="sm">
      <PageHeading hiddenOnSmallScreens={false} />
      {children}
    </Box>
  );
}
