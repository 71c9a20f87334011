// The course layout ("view-course", spec §2): a header that goes back to /my-courses, the lesson area, and
// on wide screens a sidebar for progress and contents, which the course page fills (SidebarPortal); on
// small screens the course view has a Contents tab instead. The page brings its own heading.
import { useState, type ReactNode } from 'react';
import { AppShell, Box, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RouterButton } from '../../components/router-links';
import { SkipLink, mainContentId } from '../../components/skip-link';
import { SidebarSlot } from '../../components/layout-slot';
import { TenantLogo } from './tenant-logo';
import { LanguageSwitch } from './language-switch';
import { ThemeToggle } from './theme-toggle';
import { mobileBreakpoint } from '../../lib/screen';

export function CourseLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [sidebar, setSidebar] = useState<HTMLElement | null>(null);
  return (
    <AppShell header={{ height: 60 }} aside={{ width: 340, breakpoint: mobileBreakpoint, collapsed: { mobile: true } }} padding="md">
      <SkipLink />
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
      <AppShell.Aside p="md" aria-label={t`Course contents`} style={{ overflowY: 'auto' }} ref={setSidebar} />
      <AppShell.Main id={mainContentId} tabIndex={-1} style={{ outline: 'none' }}>
        <SidebarSlot.Provider value={sidebar}>
          <Box maw={1000} mx="auto">
            {children}
          </Box>
        </SidebarSlot.Provider>
      </AppShell.Main>
    </AppShell>
  );
}
