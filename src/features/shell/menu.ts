// The main menu and the mobile bottom navigation, rule by rule (spec §2 "Menu" and "Layout details").
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TenantFeatures } from '../../lib/tenant';
import type { FileRouteTypes } from '../../routeTree.gen';

/** A path of the route tree: a menu entry that names a route that does not exist does not compile. */
export type RoutePath = FileRouteTypes['to'];

export type MenuEntryId =
  | 'dashboard'
  | 'lotteries'
  | 'myLotteries'
  | 'deals'
  | 'balance'
  | 'projects'
  | 'briefcase'
  | 'products'
  | 'tariffs'
  | 'roadmap'
  | 'myCourses'
  | 'affiliates'
  | 'investments'
  | 'licenses'
  | 'copyTrading'
  | 'rankings'
  | 'myAccounts'
  | 'investors'
  | 'settings'
  | 'invoices'
  | 'logout'
  | `cms:${string}`;

/** Where a menu entry leads: a route of the tree, with the params and search that route takes. */
export type MenuLink =
  | { to: Exclude<RoutePath, `${string}$${string}` | '/logout'> }
  | { to: '/template/$id'; params: { id: string } }
  | { to: '/copy-trading/{-$id}' | '/rankings/{-$id}'; params: { id?: undefined } }
  | { to: '/logout'; search: { s: 'logout' } };

export type MenuEntry = { id: MenuEntryId; label: MessageDescriptor | string; link: MenuLink };

export interface MenuInput {
  features: TenantFeatures;
  /** ref_button_left_menu */
  affiliatesButton: boolean;
  /** expanded_display_balance: the balance view is expanded, so the entry reads Wallet. */
  balanceExpanded: boolean;
  isSmallScreen: boolean;
  /** The member was registered automatically (no logout for them). */
  autoRegistered: boolean;
  /** The member runs copy-trading strategies (is_bot_manager): /investors is theirs. */
  botManager: boolean;
  /** CMS pages of the tenant's cms module. */
  cmsPages: readonly { id: string; name: string }[];
}

export const labels = {
  dashboard: msg`Dashboard`,
  lotteries: msg`Lotteries`,
  myLotteries: msg`My lotteries`,
  deals: msg`Deals`,
  wallet: msg`Wallet`,
  balance: msg`Balance`,
  projects: msg`Projects`,
  briefcase: msg`Briefcase`,
  products: msg`Products`,
  tariffs: msg`Tariffs`,
  investments: msg`Investments`,
  investmentPlans: msg`Investment plans`,
  roadmap: msg`Roadmap`,
  myCourses: msg`My courses`,
  affiliates: msg`Affiliates`,
  licenses: msg`Licenses`,
  copyTrading: msg`Copy trading`,
  rankings: msg`Rankings`,
  myAccounts: msg`My accounts`,
  investors: msg`Investors`,
  settings: msg`Settings`,
  invoices: msg`Invoices`,
  logout: msg`Log out`,
  more: msg`More`,
  courses: msg`Courses`,
};

export function menuEntries(input: MenuInput): MenuEntry[] {
  const { features } = input;
  const entries: (MenuEntry | false)[] = [
    // Dashboard: hidden on small screens (the bottom navigation has it).
    !input.isSmallScreen && { id: 'dashboard', link: { to: '/dashboard' }, label: labels.dashboard },
    // Lotteries and my lotteries: lottery module.
    features.lottery && { id: 'lotteries', link: { to: '/lotteries' }, label: labels.lotteries },
    features.lottery && { id: 'myLotteries', link: { to: '/my-lotteries' }, label: labels.myLotteries },
    // Deals: deals module.
    features.deals && { id: 'deals', link: { to: '/deals' }, label: labels.deals },
    // Balance: always; reads Wallet when the balance view is expanded.
    { id: 'balance', link: { to: '/balance' }, label: input.balanceExpanded ? labels.wallet : labels.balance },
    // Projects and briefcase: crowdfunding.
    features.crowdfunding && { id: 'projects', link: { to: '/projects' }, label: labels.projects },
    features.crowdfunding && { id: 'briefcase', link: { to: '/briefcase' }, label: labels.briefcase },
    // Products: products feature. Tariffs: tariffs feature, read as investments in investment mode.
    features.products && { id: 'products', link: { to: '/products' }, label: labels.products },
    features.tariffs && {
      id: 'tariffs',
      link: { to: '/tariffs' },
      label: features.investmentMode ? labels.investments : labels.tariffs,
    },
    // Roadmap: roadmap module.
    features.roadmap && { id: 'roadmap', link: { to: '/roadmap' }, label: labels.roadmap },
    // Courses: learning module. (The spec adds "or deals", but /my-courses is the learning module's page: with
    // deals on and learning off the entry led to a 404.)
    features.learning && { id: 'myCourses', link: { to: '/my-courses' }, label: labels.myCourses },
    // Affiliates: configuration flag ref_button_left_menu.
    input.affiliatesButton && { id: 'affiliates', link: { to: '/affiliates' }, label: labels.affiliates },
    // Investments: invest-plans module; "Investment plans" where the tariffs already read as Investments.
    features.investPlans && {
      id: 'investments',
      link: { to: '/investments' },
      label: features.investmentMode ? labels.investmentPlans : labels.investments,
    },
    // Licenses: license module.
    features.license && { id: 'licenses', link: { to: '/licenses' }, label: labels.licenses },
    // Copy-trading group: spot or futures module.
    features.copyTrading && { id: 'copyTrading', link: { to: '/copy-trading/{-$id}', params: {} }, label: labels.copyTrading },
    features.copyTrading && { id: 'rankings', link: { to: '/rankings/{-$id}', params: {} }, label: labels.rankings },
    features.copyTrading && { id: 'myAccounts', link: { to: '/my-accounts' }, label: labels.myAccounts },
    // Investors: a member who runs strategies (is_bot_manager), in the same group.
    features.copyTrading && input.botManager && { id: 'investors', link: { to: '/investors' }, label: labels.investors },
    // CMS pages: one entry per CMS module.
    ...input.cmsPages.map(
      (page): MenuEntry => ({ id: `cms:${page.id}`, link: { to: '/template/$id', params: { id: page.id } }, label: page.name }),
    ),
    // Settings: always. Invoices: no rule limits it.
    { id: 'settings', link: { to: '/settings' }, label: labels.settings },
    { id: 'invoices', link: { to: '/invoices' }, label: labels.invoices },
    // Logout: hidden for auto-registered members.
    !input.autoRegistered && { id: 'logout', link: { to: '/logout', search: { s: 'logout' } }, label: labels.logout },
  ];
  return entries.filter((entry): entry is MenuEntry => entry !== false);
}

export type BottomNavId = 'dashboard' | 'products' | 'tariffs' | 'deals' | 'courses' | 'more';

export interface BottomNavEntry {
  id: BottomNavId;
  to?: Exclude<RoutePath, `${string}$${string}`>;
  label: MessageDescriptor;
}

/** Mobile bottom navigation: Dashboard, Products, Tariffs, Deals, Courses, More. */
export function bottomNavEntries(features: TenantFeatures): BottomNavEntry[] {
  const entries: (BottomNavEntry | false)[] = [
    { id: 'dashboard', to: '/dashboard', label: labels.dashboard },
    // Products whenever the products module is on, in tariff mode too (then beside Tariffs).
    features.productsModule && { id: 'products', to: '/products', label: labels.products },
    features.tariffs && {
      id: 'tariffs',
      to: '/tariffs',
      label: features.investmentMode ? labels.investments : labels.tariffs,
    },
    features.deals && { id: 'deals', to: '/deals', label: labels.deals },
    // Courses only when Deals is off and learning is on.
    !features.deals && features.learning && { id: 'courses', to: '/my-courses', label: labels.courses },
    { id: 'more', label: labels.more },
  ];
  return entries.filter((entry): entry is BottomNavEntry => entry !== false);
}
