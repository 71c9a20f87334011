// The simple layout: logo, content, footer with the rights text and the two links.
import type { ReactNode } from 'react';
import { Box, Center, Container, Group } from '@mantine/core';
import { TenantLogo } from './tenant-logo';
import { TenantFooter } from './tenant-footer';
import { LanguageSwitch } from './language-switch';

export function SimpleLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" p="md">
        <TenantLogo />
        <LanguageSwitch everyLanguage />
      </Group>
      <Center component="main" style={{ flex: 1 }}>
        <Container size="sm" py="xl">
          {children}
        </Container>
      </Center>
      <TenantFooter />
    </Box>
  );
}
