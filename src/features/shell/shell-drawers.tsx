// The layout's drawers for small screens: the swipe-up menu sheet and the account panel (spec §2 "Layout
// details"). Loaded when first opened.
import { Box, Drawer, Group } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { MainMenu } from './main-menu';
import { MemberPanel } from './member-panel';
import { LanguageSwitch } from './language-switch';
import { ThemeToggle } from './theme-toggle';
import { useSwipe } from '../../lib/use-swipe';

interface DrawerProps {
  opened: boolean;
  onClose: () => void;
}

export function MenuSheet({ opened, onClose }: DrawerProps) {
  const { t } = useLingui();
  const swipe = useSwipe(undefined, onClose);
  return (
    <Drawer
      id="mobile-menu-sheet"
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="75%"
      title={<Trans>Menu</Trans>}
      radius="lg"
      closeButtonProps={{ 'aria-label': t`Close the menu` }}
    >
      <Box {...swipe}>
        <Group justify="flex-end" mb="sm" gap="xs">
          <LanguageSwitch />
          <ThemeToggle />
        </Group>
        <MainMenu />
      </Box>
    </Drawer>
  );
}

export function AccountPanelDrawer({ opened, onClose }: DrawerProps) {
  const { t } = useLingui();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t`Your account`}
      closeButtonProps={{ 'aria-label': t`Close the account panel` }}
    >
      <MemberPanel />
    </Drawer>
  );
}
