import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import {
  IconBriefcase,
  IconChartLine,
  IconCoins,
  IconDashboard,
  IconFileInvoice,
  IconFileText,
  IconFlag,
  IconHandFinger,
  IconLicense,
  IconLogout,
  IconPackage,
  IconRoad,
  IconSchool,
  IconSettings,
  IconTicket,
  IconTrophy,
  IconUsers,
  IconUsersGroup,
  IconUserCircle,
  IconWallet,
  IconBuildingBank,
  IconCopy,
  IconHelp,
  IconNews,
  IconPhoto,
  type Icon as TablerIcon,
} from '@tabler/icons-react';
import { cmsModuleName, moduleCmsQueryOptions } from '../../api/shell';
import { tenantFeatures } from '../../lib/tenant';
import { RouterNavLink } from '../../components/router-nav-link';
import { menuEntries, type MenuEntry } from './menu';
import { useMe } from './use-shell-data';
import { useTenant } from '../../lib/tenant-context';
import { useIsSmallScreen } from '../../lib/screen';

const menuIcons: Record<string, TablerIcon> = {
  dashboard: IconDashboard,
  lotteries: IconTicket,
  myLotteries: IconTicket,
  deals: IconHandFinger,
  balance: IconWallet,
  projects: IconFlag,
  briefcase: IconBriefcase,
  products: IconPackage,
  tariffs: IconCoins,
  roadmap: IconRoad,
  myCourses: IconSchool,
  affiliates: IconUsers,
  investments: IconChartLine,
  licenses: IconLicense,
  copyTrading: IconCopy,
  rankings: IconTrophy,
  myAccounts: IconBuildingBank,
  investors: IconUsersGroup,
  settings: IconSettings,
  invoices: IconFileInvoice,
  logout: IconLogout,
};

export function useMenuEntries(): MenuEntry[] {
  const { i18n } = useLingui();
  const tenant = useTenant();
  const isSmallScreen = useIsSmallScreen();
  const me = useMe();
  const features = tenantFeatures(tenant);
  const cms = useQuery({ ...moduleCmsQueryOptions(tenant.uuid), enabled: features.cms });
  return menuEntries({
    features,
    affiliatesButton: tenant.whiteLabel.ref_button_left_menu,
    balanceExpanded: tenant.whiteLabel.expanded_display_balance,
    isSmallScreen,
    autoRegistered: me.data?.me?.auto_register ?? false,
    botManager: me.data?.me?.is_bot_manager ?? false,
    cmsPages: features.cms ? (cms.data?.moduleCms ?? []).map((page) => ({ id: page.id, name: cmsModuleName(page, i18n.locale) })) : [],
  });
}

/** A CMS page's icon by its module's template (news, education, documents, help, banners). */
const cmsIcons: Record<string, TablerIcon> = { news: IconNews, education: IconSchool, documents: IconFileText, help: IconHelp, banners: IconPhoto };

/** The primary menu: desktop drawer and mobile sheet. */
export function MainMenu() {
  const { i18n } = useLingui();
  const tenant = useTenant();
  const entries = useMenuEntries();
  const cms = useQuery({ ...moduleCmsQueryOptions(tenant.uuid), enabled: entries.some((entry) => entry.id.startsWith('cms:')) });
  const cmsTemplate = (entryId: string) => cms.data?.moduleCms.find((module) => `cms:${module.id}` === entryId)?.template_name ?? '';
  return (
    <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }} data-testid="main-menu">
      {entries.map((entry) => {
        const Icon = entry.id.startsWith('cms:') ? (cmsIcons[cmsTemplate(entry.id)] ?? IconFileText) : (menuIcons[entry.id] ?? IconUserCircle);
        const label = typeof entry.label === 'string' ? entry.label : i18n._(entry.label);
        return (
          <li key={entry.id}>
            <RouterNavLink
              {...entry.link}
              label={label}
              leftSection={<Icon size={18} aria-hidden />}
              activeProps={{ active: true }}
              data-menu-entry={entry.id}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          </li>
        );
      })}
    </Stack>
  );
}
