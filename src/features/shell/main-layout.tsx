// The main layout ("view"): menu drawer 240 px, header, collapsible right sidebar on wide screens; below
// 1024 px a mobile header, bottom navigation and a swipe-up menu sheet (spec §2 "Layout details").
import { lazy, useEffect, useState, type ReactNode } from 'react';
import { AppShell, ActionIcon, Avatar, Box, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useParams, useRouter, useRouterState } from '@tanstack/react-router';
import { useLingui as useLinguiCore } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import {
  IconArrowLeft,
  IconCoins,
  IconDashboard,
  IconDots,
  IconHandFinger,
  IconLayoutSidebarRightCollapse,
  IconLayoutSidebarRightExpand,
  IconPackage,
  IconSchool,
  type Icon as TablerIcon,
} from '@tabler/icons-react';
import { tenantFeatures } from '../../lib/tenant';
import { formatMoney } from '../../lib/format';
import { RouterNavLink } from '../../components/router-nav-link';
import { bottomNavEntries, type BottomNavId } from './menu';
import { MainMenu } from './main-menu';
import { MemberPanel } from './member-panel';
import { walletTotal } from '../../lib/member';
import { ChatButton, ChatClearance } from './chat-button';
import { useOverlay } from '../../lib/overlays';
import { LazyOverlay } from '../../components/lazy-overlay';
import { useSwipe } from '../../lib/use-swipe';
import { LanguageSwitch } from './language-switch';
import { ThemeToggle } from './theme-toggle';
import { TenantLogo } from './tenant-logo';
import { PageHeading, usePageTitle } from './page-title';
import { useMe } from './use-shell-data';
import { useTenant } from '../../lib/tenant-context';
import { mobileBreakpoint, useIsSmallScreen } from '../../lib/screen';
import { SkipLink, mainContentId } from '../../components/skip-link';

// The sheets open on demand: their code (and the drawer's) loads then, not with the layout.
const MenuSheet = lazy(() => import('./shell-drawers').then((module) => ({ default: module.MenuSheet })));
const AccountPanelDrawer = lazy(() => import('./shell-drawers').then((module) => ({ default: module.AccountPanelDrawer })));

export const drawerWidth = 240;
const asideWidth = 300;
/**
 * The header's balance: the total of all wallets (available + locked, in USDT), named as such, since the
 * balance page also shows what is available now and each wallet's own total.
 */
function BalanceButton({ caption = false }: { caption?: boolean }) {
  const { t } = useLingui();
  const me = useMe();
  const member = me.data?.me;
  if (!member) return null;
  const balance = formatMoney(walletTotal(member), 'USDT');
  return (
    <Tooltip label={t`Available and locked in all your wallets, valued in USDT`} multiline w={220}>
      <UnstyledButton component={Link} to="/balance" aria-label={t`Total, all wallets: ${balance}`} data-testid="header-balance">
        {caption && (
          <Text size="xs" c="dimmed" lh={1.1} style={{ whiteSpace: 'nowrap' }} aria-hidden>
            {t`Total, all wallets`}
          </Text>
        )}
        <Text fw={700} size="sm" lh={1.2} style={{ whiteSpace: 'nowrap' }}>
          {balance}
        </Text>
      </UnstyledButton>
    </Tooltip>
  );
}

function MobileHeader({ onAvatar, cart, deposit }: { onAvatar: () => void; cart: ReactNode; deposit: ReactNode }) {
  const { t } = useLingui();
  const router = useRouter();
  const title = usePageTitle();
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const me = useMe();
  const hasRouteId = Object.values(params).some(Boolean);
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        {hasRouteId && (
          <ActionIcon variant="subtle" onClick={() => router.history.back()} aria-label={t`Back`}>
            <IconArrowLeft size={20} aria-hidden />
          </ActionIcon>
        )}
        <Text fw={700} truncate component="h1" size="md" m={0}>
          {title}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <BalanceButton />
        {deposit}
        <UnstyledButton onClick={onAvatar} aria-label={t`Your account panel`}>
          <Avatar src={me.data?.me?.avatar} alt="" radius="xl" size={32} />
        </UnstyledButton>
        {cart}
      </Group>
    </Group>
  );
}

function DesktopHeader({ asideOpened, onToggleAside, cart, deposit }: {
  asideOpened: boolean;
  onToggleAside: () => void;
  cart: ReactNode;
  deposit: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Link to="/dashboard" aria-label={t`Home`}>
        <TenantLogo />
      </Link>
      <Group gap="sm" wrap="nowrap">
        <BalanceButton caption />
        {deposit}
        <LanguageSwitch />
        <ThemeToggle />
        {cart}
        <ActionIcon
          variant="default"
          size="lg"
          onClick={onToggleAside}
          aria-label={asideOpened ? t`Hide side panel` : t`Show side panel`}
          aria-expanded={asideOpened}
        >
          {asideOpened ? <IconLayoutSidebarRightCollapse size={18} /> : <IconLayoutSidebarRightExpand size={18} />}
        </ActionIcon>
      </Group>
    </Group>
  );
}

// The bottom bar's items: the icon above a short label, as phones' tab bars are.
const bottomIcons: Record<BottomNavId, TablerIcon> = {
  dashboard: IconDashboard,
  products: IconPackage,
  tariffs: IconCoins,
  deals: IconHandFinger,
  courses: IconSchool,
  more: IconDots,
};
const bottomItemStyles = {
  root: { flexDirection: 'column', justifyContent: 'center', gap: 2, padding: '4px 2px', height: '100%' },
  section: { margin: 0 },
  body: { flex: 'none' },
  label: { fontSize: 12, textAlign: 'center', whiteSpace: 'nowrap' },
} as const;

function BottomNav({ onMore, moreOpened }: { onMore: () => void; moreOpened: boolean }) {
  const { i18n } = useLinguiCore();
  const tenant = useTenant();
  const swipe = useSwipe(onMore);
  const entries = bottomNavEntries(tenantFeatures(tenant));
  return (
    <Group component="nav" h="100%" justify="space-around" wrap="nowrap" gap={0} data-testid="bottom-nav" {...swipe}>
      {entries.map((entry) => {
        const Icon = bottomIcons[entry.id];
        const icon = <Icon size={20} aria-hidden data-testid="bottom-nav-icon" />;
        return entry.to ? (
          <RouterNavLink
            key={entry.id}
            to={entry.to}
            label={i18n._(entry.label)}
            leftSection={icon}
            activeProps={{ active: true }}
            styles={bottomItemStyles}
          />
        ) : (
          <UnstyledButton
            key={entry.id}
            onClick={onMore}
            aria-expanded={moreOpened}
            aria-controls="mobile-menu-sheet"
            px="sm"
            py={4}
            h="100%"
          >
            <Stack gap={2} align="center">
              {icon}
              <Text size="xs">{i18n._(entry.label)}</Text>
            </Stack>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}

/**
 * `cart`: the cart button the page frame puts in the header (the shop's), if any; `deposit`: the Deposit
 * button beside the balance (the payments area's), unless the tenant turns deposits off.
 */
export function MainLayout({ children, cart, deposit }: { children: ReactNode; cart?: ReactNode; deposit?: ReactNode }) {
  const { t } = useLingui();
  const isSmallScreen = useIsSmallScreen();
  const [sheetOpened, sheet] = useDisclosure(false);
  const [panelOpened, panel] = useDisclosure(false);
  const [asideOpened, setAsideOpened] = useState(true);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useOverlay(sheetOpened, sheet.close);
  useOverlay(panelOpened, panel.close);

  // The menu sheet and the account panel close whenever the route changes.
  useEffect(() => {
    sheet.close();
    panel.close();
  }, [pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: drawerWidth, breakpoint: mobileBreakpoint, collapsed: { mobile: true } }}
      aside={{ width: asideWidth, breakpoint: mobileBreakpoint, collapsed: { desktop: !asideOpened, mobile: true } }}
      footer={isSmallScreen ? { height: 60 } : undefined}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        {isSmallScreen ? (
          <MobileHeader onAvatar={panel.toggle} cart={cart} deposit={deposit} />
        ) : (
          <DesktopHeader asideOpened={asideOpened} onToggleAside={() => setAsideOpened((open) => !open)} cart={cart} deposit={deposit} />
        )}
      </AppShell.Header>
      {/* Below 1024 px the drawer and the side panel are not there at all (the menu sheet and the account
          panel replace them), so nothing hidden stays in the Tab order or is read out twice. */}
      {!isSmallScreen && (
        <AppShell.Navbar p="sm" aria-label={t`Main menu`} component="nav">
          <AppShell.Section grow style={{ overflowY: 'auto' }}>
            <MainMenu />
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      {!isSmallScreen && asideOpened && (
        <AppShell.Aside p="md" aria-label={t`Your account`} component="aside">
          <AppShell.Section grow style={{ overflowY: 'auto' }}>
            <MemberPanel />
          </AppShell.Section>
        </AppShell.Aside>
      )}
      <AppShell.Main id={mainContentId} tabIndex={-1} style={{ outline: 'none' }}>
        <Box maw={1200} mx="auto">
          <PageHeading />
          {children}
        </Box>
        {/* Under it: the bottom bar (60) and the main area's padding (16). */}
        <ChatClearance below={76} />
      </AppShell.Main>
      {isSmallScreen && (
        <AppShell.Footer>
          <BottomNav onMore={sheet.toggle} moreOpened={sheetOpened} />
        </AppShell.Footer>
      )}
      <ChatButton />
      <LazyOverlay opened={sheetOpened}>
        <MenuSheet opened={sheetOpened} onClose={sheet.close} />
      </LazyOverlay>
      <LazyOverlay opened={panelOpened}>
        <AccountPanelDrawer opened={panelOpened} onClose={panel.close} />
      </LazyOverlay>
    </AppShell>
  );
}
