// The auth layout ("view-auth"): logo, an optional banner slot (the invitation of a referral link), the
// form, and a footer with the copyright name and the two links.
import type { ReactNode } from 'react';
import { Box, Center, Container, Group, Paper, Stack } from '@mantine/core';
import { TenantLogo } from './tenant-logo';
import { TenantFooter } from './tenant-footer';
import { LanguageSwitch } from './language-switch';
import { ThemeToggle } from './theme-toggle';
import { SkipLink, mainContentId } from '../../components/skip-link';

export function AuthLayout({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  return (
    <Box
      mih="100dvh"
      className="portal-backdrop"
      style={{ display: 'flex', flexDirection: 'column', backgroundColor: 'var(--portal-surface-background)' }}
    >
      <SkipLink />
      <Group justify="flex-end" p="sm" gap="xs">
        <LanguageSwitch everyLanguage />
        <ThemeToggle />
      </Group>
      {/* The card keeps its top where it is: a message appearing under a field must not move what is above
          it (or re-centre the card under the pointer). */}
      <Box component="main" id={mainContentId} tabIndex={-1} style={{ flex: 1, outline: 'none' }} px="md">
        <Container size={440} w="100%" py="lg" mt="6vh">
          <Stack gap="lg">
            <Center>
              <TenantLogo height={44} />
            </Center>
            {banner}
            <Paper withBorder shadow="sm" radius="lg" p="xl" bg="var(--portal-surface)">
              {children}
            </Paper>
          </Stack>
        </Container>
      </Box>
      <TenantFooter />
    </Box>
  );
}
