// The unregistered layout ("view-unregistered") for visitors and the public store: header with logo, the
// shop description, search (not on the product page), user button (to /settings when logged in, else
// /login) and the cart button with its count.
import { useState, type ReactNode } from 'react';
import { ActionIcon, AppShell, Box, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconAdjustmentsHorizontal, IconUser } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RouterButton } from '../../components/router-links';
import { TenantLogo } from './tenant-logo';
import { TenantFooter } from './tenant-footer';
import { LanguageSwitch } from './language-switch';
import { ThemeToggle } from './theme-toggle';
import { ChatButton, ChatClearance } from './chat-button';
import { PageHeading } from './page-title';
import { useLoggedIn } from './use-logged-in';
import { useTenant } from '../../lib/tenant-context';
import { useIsPhone } from '../../lib/screen';
import { SkipLink, mainContentId } from '../../components/skip-link';

/** `search` and `cart`: the store's search and cart button the page frame puts in the header, if any. */
export function UnregisteredLayout({ children, search, cart }: { children: ReactNode; search?: ReactNode; cart?: ReactNode }) {
  const { t } = useLingui();
  const tenant = useTenant();
  const loggedIn = useLoggedIn();
  const phone = useIsPhone();
  // On phones the language and theme fold into a row that a settings button opens, so the logo, the
  // account button and the cart keep their room.
  const [settingsOpened, setSettingsOpened] = useState(false);
  const description = tenant.productConfig?.description ?? tenant.whiteLabel.description;
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px={phone ? 'xs' : 'md'} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flexShrink: 1 }}>
            <Link to="/store" aria-label={t`Store home`}>
              <TenantLogo />
            </Link>
            {description && (
              <Text size="sm" c="dimmed" truncate visibleFrom="md">
                {description}
              </Text>
            )}
          </Group>
          <Group gap="sm" wrap="nowrap">
            {search && <Box visibleFrom="sm">{search}</Box>}
            {phone ? (
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t`Language and theme`}
                aria-expanded={settingsOpened}
                aria-controls="visitor-settings"
                onClick={() => setSettingsOpened((opened) => !opened)}
              >
                <IconAdjustmentsHorizontal size={18} aria-hidden />
              </ActionIcon>
            ) : (
              <>
                <LanguageSwitch everyLanguage />
                <ThemeToggle />
              </>
            )}
            {phone ? (
              <RouterButton
                to={loggedIn ? '/settings' : '/login'}
                variant="light"
                px="xs"
                aria-label={loggedIn ? t`My account` : t`Log in`}
              >
                <IconUser size={18} aria-hidden />
              </RouterButton>
            ) : (
              <RouterButton to={loggedIn ? '/settings' : '/login'} variant="light" leftSection={<IconUser size={16} />}>
                {loggedIn ? <Trans>My account</Trans> : <Trans>Log in</Trans>}
              </RouterButton>
            )}
            {cart}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main id={mainContentId} tabIndex={-1} style={{ outline: 'none' }}>
        {phone && settingsOpened && (
          <Group id="visitor-settings" justify="flex-end" gap="xs" mb="md">
            <LanguageSwitch everyLanguage />
            <ThemeToggle />
          </Group>
        )}
        <Box maw={1200} mx="auto">
          <PageHeading hiddenOnSmallScreens={false} />
          {children}
        </Box>
        <TenantFooter />
        <ChatClearance below={16} />
      </AppShell.Main>
      <ChatButton />
    </AppShell>
  );
}
