// The auth layout ("view-auth"): logo, an optional invitation banner (inviter avatar and name), the form,
// and a footer with the copyright name and the two links.
import type { ReactNode } from 'react';
import { Avatar, Box, Center, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { TenantLogo } from './tenant-logo';
import { TenantFooter } from './tenant-footer';
import { LanguageSwitch } from './language-switch';
import { ThemeToggle } from './theme-toggle';

export interface Invitation {
  name: string | null;
  avatar: string | null;
}

export function InvitationBanner({ invitation }: { invitation: Invitation }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="invitation-banner">
      <Group gap="sm" wrap="nowrap">
        <Avatar src={invitation.avatar} alt="" radius="xl" />
        <Text size="sm">
          <Trans>
            You were invited by <strong>{invitation.name}</strong>
          </Trans>
        </Text>
      </Group>
    </Paper>
  );
}

export function AuthLayout({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column', background: 'var(--portal-surface-background)' }}>
      <Group justify="flex-end" p="sm" gap="xs">
        <LanguageSwitch />
        <ThemeToggle />
      </Group>
      <Center component="main" style={{ flex: 1 }} px="md">
        <Container size={440} w="100%" py="lg">
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
      </Center>
      <TenantFooter />
    </Box>
  );
}
