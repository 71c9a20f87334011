// Which feature a portal path needs: the first segment of the path names it, as the routes' requireModule
// guards do (tests/unit/module-paths.test.ts holds the two together). A link to a page whose module the
// tenant has off would answer 404, so links that come from data (CMS banners, news) are shown only when
// isPathOn says the page is there.
import type { TenantFeatures } from './tenant';

/** The feature each module route's first path segment needs; paths not listed need none. */
export const moduleOfPath: Readonly<Record<string, keyof TenantFeatures>> = {
  briefcase: 'crowdfunding',
  'copy-trading': 'copyTrading',
  connection: 'copyTrading',
  course: 'learning',
  crowdfunding: 'crowdfunding',
  deals: 'deals',
  investments: 'investPlans',
  investors: 'copyTrading',
  licenses: 'license',
  lotteries: 'lottery',
  merchants: 'merchants',
  'my-account': 'copyTrading',
  'my-accounts': 'copyTrading',
  'my-courses': 'learning',
  'my-lotteries': 'lottery',
  product: 'productsModule',
  products: 'productsModule',
  projects: 'crowdfunding',
  ranking: 'copyTrading',
  rankings: 'copyTrading',
  roadmap: 'roadmap',
  store: 'store',
  tariffs: 'tariffs',
  template: 'cms',
};

/** Whether the page at this portal path (with or without search and hash) is there for the tenant. */
export function isPathOn(path: string, features: TenantFeatures): boolean {
  const segment = path.replace(/[?#].*$/, '').split('/').find(Boolean);
  const feature = segment === undefined ? undefined : moduleOfPath[segment];
  return feature === undefined || features[feature];
}
