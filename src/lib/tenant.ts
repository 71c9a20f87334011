// The tenant's configuration as the portal uses it: provider settings plus the product module's custom
// config, and the features (modules and modes) that menus and guards read.
import type { WhiteLabelQuery } from '../api/generated/graphql';

export type WhiteLabel = NonNullable<WhiteLabelQuery['whiteLabel']>;

/** Custom config of the products module (spec §3 "modules"). */
export interface ProductConfig {
  view_template: 'pricing' | 'products';
  tariffs_view: string | null;
  product_type_description: 'franchise' | 'investment';
  allow_public_access: boolean;
  description: string | null;
}

export interface TenantConfig {
  uuid: string;
  whiteLabel: WhiteLabel;
  productConfig: ProductConfig | null;
}

export function readProductConfig(raw: unknown): ProductConfig {
  const config = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    view_template: config.view_template === 'pricing' ? 'pricing' : 'products',
    tariffs_view: typeof config.tariffs_view === 'string' ? config.tariffs_view : null,
    product_type_description: config.product_type_description === 'investment' ? 'investment' : 'franchise',
    allow_public_access: config.allow_public_access === true,
    description: typeof config.description === 'string' ? config.description : null,
  };
}

export interface TenantFeatures {
  /** Products shop: the products module in products view (the menu's Products). */
  products: boolean;
  /**
   * The products module is on, in either view: its pages (/products, /product/{id}), the cart and the phone's
   * bottom bar entry (spec §2 "Products shown only if the products module is on").
   */
  productsModule: boolean;
  /** The public store (/store): the products module, open to visitors (allow_public_access). */
  store: boolean;
  /** Tariffs: the products module in pricing view ("tariff mode"). */
  tariffs: boolean;
  /** Tariffs are presented as investments. */
  investmentMode: boolean;
  deals: boolean;
  learning: boolean;
  license: boolean;
  investPlans: boolean;
  roadmap: boolean;
  crowdfunding: boolean;
  lottery: boolean;
  /** Copy-trading group: the spot or the futures module. */
  copyTrading: boolean;
  staking: boolean;
  /** Buying coins from merchants (/merchants/buy/{symbol}): the token offering (ito) module. */
  merchants: boolean;
  cms: boolean;
}

export function hasModule(whiteLabel: Pick<WhiteLabel, 'modules'>, name: string): boolean {
  return whiteLabel.modules.some((module) => module.module === name);
}

export function tenantFeatures(config: Pick<TenantConfig, 'whiteLabel' | 'productConfig'>): TenantFeatures {
  const on = (name: string) => hasModule(config.whiteLabel, name);
  const productsModule = on('products');
  const pricing = config.productConfig?.view_template === 'pricing';
  return {
    products: productsModule && !pricing,
    productsModule,
    store: productsModule && config.productConfig?.allow_public_access === true,
    tariffs: productsModule && pricing,
    investmentMode: config.productConfig?.product_type_description === 'investment',
    deals: on('deals'),
    learning: on('lms'),
    license: on('license'),
    investPlans: on('invest_plans'),
    roadmap: on('roadmap'),
    crowdfunding: on('crowdfunding'),
    lottery: on('lottery'),
    copyTrading: on('spot') || on('futures'),
    staking: on('staking'),
    merchants: on('ito'),
    cms: on('cms'),
  };
}
