// The course layout ("view-course"): a header that goes back to /my-courses, the lesson area, and on wide
// screens a sidebar for progress and contents. The course view fills the tabs and the sidebar.
import type { ReactNode } from 'react';
import { AppShell, Box, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import { RouterButton } from '../../components/router-links';
import { TenantLogo } from './tenant-logo';
import { LanguageSwitch } from './language-switch';
import { ThemeToggle } from './theme-toggle';
import { PageHeading } from './page-title';
import { mobileBreakpoint } from '../../lib/screen';

export function CourseLayout({ children, sidebar }: { children: ReactNode; sidebar?: ReactNode }) {
  return (
    <AppShell
      header={{ height: 60 }}
      aside={sidebar ? { width: 320, breakpoint: mobileBreakpoint, collapsed: { mobile: true } } : undefined}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <RouterButton to="/my-courses" variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
              <Trans>My courses</Trans>
            </RouterButton>
            <Box visibleFrom="sm">
              <TenantLogo height={28} />
            </Box>
          </Group>
          <Group gap="xs">
            <LanguageSwitch />
            <ThemeToggle />
          </Group>
        </Group>
      </AppShell.Header>
      {sidebar && <AppShell.Aside p="md">{sidebar}</AppShell.Aside>}
      <AppShell.Main>
        <Box maw={1000} mx="auto">
          <PageHeading hiddenOnSmallScreens={false} />
          {children}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
