import { describe, expect, it } from 'vitest';
import { bottomNavEntries, labels, menuEntries, type MenuInput } from '../../src/features/shell/menu';
import { tenantFeatures, type TenantFeatures } from '../../src/lib/tenant';

const none: TenantFeatures = {
  products: false,
  productsModule: false,
  store: false,
  tariffs: false,
  investmentMode: false,
  deals: false,
  learning: false,
  license: false,
  investPlans: false,
  roadmap: false,
  crowdfunding: false,
  lottery: false,
  copyTrading: false,
  staking: false,
  merchants: false,
  cms: false,
};

const base: MenuInput = {
  features: none,
  affiliatesButton: false,
  balanceExpanded: false,
  isSmallScreen: false,
  autoRegistered: false,
  botManager: false,
  cmsPages: [],
};

const ids = (input: Omit<Partial<MenuInput>, 'features'> & { features?: Partial<TenantFeatures> }) =>
  menuEntries({ ...base, ...input, features: { ...none, ...input.features } }).map((entry) => entry.id);

describe('menu visibility (spec §2 "Menu"), rule by rule', () => {
  it('balance and settings are always there (invoices too, no rule limits it)', () => {
    expect(ids({})).toEqual(['dashboard', 'balance', 'settings', 'invoices', 'logout']);
  });

  it('dashboard is hidden on small screens', () => {
    expect(ids({ isSmallScreen: true })).not.toContain('dashboard');
  });

  it('products: products feature; tariffs: tariffs feature; deals: deals module', () => {
    expect(ids({ features: { products: true } })).toContain('products');
    expect(ids({ features: { tariffs: true } })).toContain('tariffs');
    expect(ids({ features: { deals: true } })).toContain('deals');
    expect(ids({})).not.toContain('products');
  });

  it('courses: only with the learning module (with deals on and learning off, /my-courses is a 404)', () => {
    expect(ids({ features: { learning: true } })).toContain('myCourses');
    expect(ids({ features: { learning: true, deals: true } })).toContain('myCourses');
    expect(ids({ features: { deals: true } })).not.toContain('myCourses');
    expect(ids({})).not.toContain('myCourses');
  });

  it('licenses, investments and roadmap follow their modules', () => {
    expect(ids({ features: { license: true } })).toContain('licenses');
    expect(ids({ features: { investPlans: true } })).toContain('investments');
    expect(ids({ features: { roadmap: true } })).toContain('roadmap');
  });

  it('projects and briefcase: crowdfunding; lotteries and my lotteries: lottery module', () => {
    expect(ids({ features: { crowdfunding: true } })).toEqual(expect.arrayContaining(['projects', 'briefcase']));
    expect(ids({ features: { lottery: true } })).toEqual(expect.arrayContaining(['lotteries', 'myLotteries']));
  });

  it('affiliates: the ref_button_left_menu flag', () => {
    expect(ids({ affiliatesButton: true })).toContain('affiliates');
    expect(ids({})).not.toContain('affiliates');
  });

  it('copy-trading group: spot or futures module', () => {
    expect(ids({ features: { copyTrading: true } })).toEqual(
      expect.arrayContaining(['copyTrading', 'rankings', 'myAccounts']),
    );
  });

  it('investors: in the copy-trading group, for a member who runs strategies (is_bot_manager)', () => {
    expect(ids({ features: { copyTrading: true }, botManager: true })).toEqual(
      expect.arrayContaining(['copyTrading', 'rankings', 'myAccounts', 'investors']),
    );
    expect(ids({ features: { copyTrading: true } })).not.toContain('investors');
    expect(ids({ botManager: true })).not.toContain('investors');
  });

  it('logout is hidden for auto-registered members and leads to /logout?s=logout', () => {
    expect(ids({ autoRegistered: true })).not.toContain('logout');
    const logout = menuEntries(base).find((entry) => entry.id === 'logout');
    expect(logout).toMatchObject({ link: { to: '/logout', search: { s: 'logout' } } });
  });

  it('balance reads Wallet when the balance view is expanded, else Balance', () => {
    const balance = (balanceExpanded: boolean) =>
      menuEntries({ ...base, balanceExpanded }).find((entry) => entry.id === 'balance')?.label;
    expect(balance(true)).toBe(labels.wallet);
    expect(balance(false)).toBe(labels.balance);
  });

  it('tariffs read as investments in investment mode', () => {
    const tariffs = menuEntries({ ...base, features: { ...none, tariffs: true, investmentMode: true } }).find(
      (entry) => entry.id === 'tariffs',
    );
    expect(tariffs?.label).toBe(labels.investments);
  });

  it('with tariffs read as investments, the plans entry reads Investment plans: one Investments only', () => {
    const entries = menuEntries({ ...base, features: { ...none, tariffs: true, investmentMode: true, investPlans: true } });
    expect(entries.filter((entry) => entry.label === labels.investments).map((entry) => entry.id)).toEqual(['tariffs']);
    expect(entries.find((entry) => entry.id === 'investments')?.label).toBe(labels.investmentPlans);
    expect(menuEntries({ ...base, features: { ...none, investPlans: true } }).find((entry) => entry.id === 'investments')?.label).toBe(labels.investments);
  });

  it('CMS pages appear as /template/{id} entries', () => {
    const entries = menuEntries({ ...base, cmsPages: [{ id: '7', name: 'News' }] });
    expect(entries.find((entry) => entry.id === 'cms:7')).toMatchObject({
      link: { to: '/template/$id', params: { id: '7' } },
      label: 'News',
    });
  });
});

describe('bottom navigation (spec §2 "Layout details")', () => {
  const nav = (features: Partial<TenantFeatures>) => bottomNavEntries({ ...none, ...features }).map((e) => e.id);

  it('always has Dashboard and More', () => {
    expect(nav({})).toEqual(['dashboard', 'more']);
  });

  it('products only with the products module, tariffs only in tariff mode, deals with deals', () => {
    expect(nav({ products: true, productsModule: true, deals: true })).toEqual(['dashboard', 'products', 'deals', 'more']);
    expect(nav({ tariffs: true })).not.toContain('products');
  });

  it('products whenever the products module is on, in tariff mode too (beside Tariffs)', () => {
    const pricing = tenantFeatures({
      whiteLabel: { modules: [{ id: '1', module: 'products' }] } as never,
      productConfig: { view_template: 'pricing', tariffs_view: 'tiles', product_type_description: 'franchise', allow_public_access: false, description: null },
    });
    expect(bottomNavEntries(pricing).map((entry) => entry.id)).toEqual(['dashboard', 'products', 'tariffs', 'more']);
  });

  it('courses only when deals is off and learning is on', () => {
    expect(nav({ learning: true })).toContain('courses');
    expect(nav({ learning: true, deals: true })).not.toContain('courses');
  });

  it('tariffs are labelled Investments in investment mode', () => {
    const entry = bottomNavEntries({ ...none, tariffs: true, investmentMode: true }).find((e) => e.id === 'tariffs');
    expect(entry?.label).toBe(labels.investments);
  });
});

describe('tenant features from modules and the product config', () => {
  const whiteLabel = (modules: string[]) => ({ modules: modules.map((module, id) => ({ id: String(id), module })) });

  it('the products module shows products, or tariffs in pricing view', () => {
    const shop = tenantFeatures({ whiteLabel: whiteLabel(['products']) as never, productConfig: null });
    expect(shop).toMatchObject({ products: true, tariffs: false });
    const pricing = tenantFeatures({
      whiteLabel: whiteLabel(['products']) as never,
      productConfig: {
        view_template: 'pricing',
        tariffs_view: 'tiles',
        product_type_description: 'investment',
        allow_public_access: false,
        description: null,
      },
    });
    expect(pricing).toMatchObject({ products: false, productsModule: true, tariffs: true, investmentMode: true });
  });

  it('spot or futures switch the copy-trading group on', () => {
    expect(tenantFeatures({ whiteLabel: whiteLabel(['futures']) as never, productConfig: null }).copyTrading).toBe(true);
    expect(tenantFeatures({ whiteLabel: whiteLabel([]) as never, productConfig: null }).copyTrading).toBe(false);
  });
});
