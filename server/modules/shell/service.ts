// Tenant lookups and the provider settings a tenant is branded from (whiteLabel), with its design, module
// set, affiliate plan and module custom config.
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ServerConfig } from '../../config';
import { preparedFor } from '../../db/prepared';
import { appError } from '../../errors';
import { fontStylesheet, tagManagerScriptUrl } from '../../brand-assets';
import { affPlans, tenantDesigns, tenantModules, tenants, type ThemeColours } from './tables';

export type TenantRow = typeof tenants.$inferSelect;

export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The tenants a host source names: its subdomain, or its own domain. */
const tenantsBySource = preparedFor((db) =>
  db
    .select()
    .from(tenants)
    .where(or(eq(tenants.subdomain, sql.placeholder('source')), eq(tenants.domain, sql.placeholder('source'))))
    // No LIMIT: subdomain and domain are each unique, so at most two rows; a LIMIT parameter makes PostgreSQL
    // plan the statement anew on every run (it runs on every request that needs the tenant).
    .prepare('tenants_by_source'),
);

/**
 * The tenant a host source names. A source that is one tenant's subdomain and another's domain names
 * neither: a misconfiguration is refused rather than answered for one of them by chance.
 */
export async function findTenantBySource(db: Db, source: string): Promise<TenantRow | undefined> {
  const found = await tenantsBySource(db).execute({ source: source.trim().toLowerCase() });
  return found.length === 1 ? found[0] : undefined;
}

export async function findTenantByUuid(db: Db, uuid: string): Promise<TenantRow | undefined> {
  if (!isUuid(uuid)) return undefined;
  const [tenant] = await db.select().from(tenants).where(eq(tenants.uuid, uuid)).limit(1);
  return tenant;
}

/** A tenant that signs members in through single sign-on has no password sign-in, registration or reset. */
export function requirePasswordSignIn(tenant: TenantRow) {
  if (tenant.oauth2Url && tenant.oauth2ClientId) {
    throw appError('forbidden', 'This portal signs members in through single sign-on.', { reason: 'SingleSignOnOnly' });
  }
}

const isDnsName = (host: string) => /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i.test(host);

/**
 * Where the tenant's members open the portal, for links in mail (never the request's Host or Origin): its own
 * DNS domain over https, else its subdomain under PUBLIC_URL (the tenant whose subdomain is PUBLIC_URL's
 * host answers at PUBLIC_URL itself).
 */
export function portalAddress(tenant: Pick<TenantRow, 'subdomain' | 'domain'>, config: Pick<ServerConfig, 'publicUrl'>): string {
  if (tenant.domain && isDnsName(tenant.domain)) return `https://${tenant.domain.toLowerCase()}`;
  const base = new URL(config.publicUrl);
  if (tenant.subdomain !== base.hostname) base.hostname = `${tenant.subdomain}.${base.hostname}`;
  return base.origin;
}

export async function findTenantById(db: Db, id: number): Promise<TenantRow | undefined> {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return tenant;
}

/** Boolean switches every tenant answers, false unless the tenant turns them on. */
export const tenantFlagNames = [
  'show_ref_profile',
  'show_ref_tree',
  'show_sponsor_profile',
  'signup_reflink_only',
  'ref_button_left_menu',
  'require_first_lastname',
  'require_confirm_password',
  'require_telegram',
  'allow_edit_name',
  'show_ref_link_only_after_purchase',
  'expanded_display_balance',
  'disable_deposit',
  'withdrawal_automation',
  'ref_link',
] as const;

export type TenantFlag = (typeof tenantFlagNames)[number];

export const tenantFlag = (tenant: TenantRow, name: TenantFlag) => tenant.flags[name] === true;

/** Whether the tenant has the module switched on. */
export async function hasModule(db: Db, tenantId: number, module: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tenantModules.id })
    .from(tenantModules)
    .where(and(eq(tenantModules.tenantId, tenantId), eq(tenantModules.module, module)));
  return Boolean(row);
}

const themeKeys = [
  'primary',
  'secondary',
  'primary_text',
  'surface',
  'surface_background',
  'main_background',
  'surface_70',
  'surface_30',
  'surface_10',
  'surface_03',
  'surface_background_03',
  'surface_background_10',
] as const satisfies readonly (keyof ThemeColours)[];

function themeFields<P extends 'light_theme' | 'dark_theme'>(prefix: P, colours: ThemeColours) {
  return Object.fromEntries(themeKeys.map((key) => [`${prefix}_${key}`, colours[key] ?? null])) as Record<
    `${P}_${(typeof themeKeys)[number]}`,
    string | null
  >;
}

/** The provider settings record of the contract (WhiteLabel). */
export async function whiteLabelOf(db: Db, tenant: TenantRow, config: Pick<ServerConfig, 'tagManagerUrl'>) {
  const [design] = await db.select().from(tenantDesigns).where(eq(tenantDesigns.tenantId, tenant.id));
  const modules = await db
    .select({ id: tenantModules.id, module: tenantModules.module, public_config: tenantModules.publicConfig })
    .from(tenantModules)
    .where(eq(tenantModules.tenantId, tenant.id))
    .orderBy(tenantModules.id);
  const [plan] = await db.select().from(affPlans).where(eq(affPlans.tenantId, tenant.id));
  const flags = Object.fromEntries(tenantFlagNames.map((name) => [name, tenantFlag(tenant, name)])) as Record<TenantFlag, boolean>;
  return {
    uuid: tenant.uuid,
    name: tenant.name,
    description: tenant.description,
    subdomain: tenant.subdomain,
    domain: tenant.domain,
    company_name: tenant.companyName,
    address: tenant.address,
    country: tenant.country,
    logo: tenant.logo,
    currency: tenant.currency,
    supported_currencies: tenant.supportedCurrencies.map((name) => ({ name })),
    font_family: tenant.fontFamily,
    font_stylesheet: fontStylesheet(tenant.fontFamily),
    gtm_tag: tenant.gtmTag,
    gtm_script_url: tagManagerScriptUrl(config.tagManagerUrl, tenant.gtmTag),
    tidio_id: tenant.tidioId,
    status: tenant.status,
    subscription_active: tenant.subscriptionActive,
    payment_acceptance: tenant.paymentAcceptance,
    subscription_price_monthly: tenant.subscriptionPriceMonthly,
    subscription_price_quarterly: tenant.subscriptionPriceQuarterly,
    subscription_price_semiannual: tenant.subscriptionPriceSemiannual,
    subscription_price_annual: tenant.subscriptionPriceAnnual,
    subscription_available: tenant.subscriptionAvailable,
    telegram_channel_link: tenant.telegramChannelLink,
    telegram_group_link: tenant.telegramGroupLink,
    telegram_support_id: tenant.telegramSupportId,
    user_agreement_link: tenant.userAgreementLink,
    privacy_policy_link: tenant.privacyPolicyLink,
    company_webpage_link: tenant.companyWebpageLink,
    instagram_link: tenant.instagramLink,
    youtube_link: tenant.youtubeLink,
    knowledge_base_link: tenant.knowledgeBaseLink,
    ...flags,
    oauth2: Boolean(tenant.oauth2Url && tenant.oauth2ClientId),
    oauth2_public_setting: tenant.oauth2Url
      ? { url: tenant.oauth2Url, redirect_url: tenant.oauth2RedirectUrl, client_id: tenant.oauth2ClientId }
      : null,
    primary_color: tenant.primaryColor,
    secondary_color: tenant.secondaryColor,
    primary_text_color: tenant.primaryTextColor,
    secondary_text_color: tenant.secondaryTextColor,
    background_color: tenant.backgroundColor,
    link_color: tenant.linkColor,
    created_at: tenant.createdAt.toISOString(),
    // Statistics are for the tenant's owner; no owner role exists in the portal, so they stay null.
    number_of_users: null,
    number_of_active_users: null,
    revenue: null,
    aff_plan: plan
      ? { id: plan.id, name: plan.name, module: plan.module, description: plan.description, max_depth: plan.maxDepth }
      : null,
    modules,
    design: design
      ? {
          favicon: design.favicon,
          default_theme: design.defaultTheme,
          allow_theme_switch: design.allowThemeSwitch,
          dark_theme_allowed: design.darkThemeAllowed,
          light_logo: design.lightLogo,
          dark_logo: design.darkLogo,
          light_background_image: design.lightBackgroundImage,
          dark_background_image: design.darkBackgroundImage,
          background_image_position: design.backgroundImagePosition,
          background_image_size: design.backgroundImageSize,
          dashboard_widgets: design.dashboardWidgets,
          ...themeFields('light_theme', design.lightTheme),
          ...themeFields('dark_theme', design.darkTheme),
        }
      : null,
  };
}

/** A module's custom config (an empty object when it has none), or null when the tenant lacks the module. */
export async function moduleCustomConfig(db: Db, tenantId: number, module: string) {
  const [row] = await db
    .select({ customConfig: tenantModules.customConfig })
    .from(tenantModules)
    .where(and(eq(tenantModules.tenantId, tenantId), eq(tenantModules.module, module)));
  return row ? { custom_config: row.customConfig ?? {} } : null;
}
