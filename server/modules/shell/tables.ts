// Shell tables: the tenant (provider settings), its design record, module set, affiliate plan and CMS modules.
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';

/** A tenant's colour set of the design record (light_theme_* / dark_theme_* in the contract). */
export interface ThemeColours {
  primary?: string;
  secondary?: string;
  primary_text?: string;
  surface?: string;
  surface_background?: string;
  main_background?: string;
  surface_70?: string;
  surface_30?: string;
  surface_10?: string;
  surface_03?: string;
  surface_background_03?: string;
  surface_background_10?: string;
}

export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  description: text('description'),
  /** The host source the tenant answers to (host with known suffixes stripped). */
  subdomain: text('subdomain').notNull().unique(),
  domain: text('domain').unique(),
  companyName: text('company_name'),
  address: text('address'),
  country: text('country'),
  logo: text('logo'),
  currency: text('currency').notNull().default('USDT'),
  supportedCurrencies: text('supported_currencies').array().notNull().default(sql`'{}'::text[]`),
  fontFamily: text('font_family'),
  gtmTag: text('gtm_tag'),
  tidioId: text('tidio_id'),
  status: text('status').notNull().default('active'),
  subscriptionActive: boolean('subscription_active').notNull().default(false),
  paymentAcceptance: boolean('payment_acceptance').notNull().default(true),
  subscriptionPriceMonthly: money('subscription_price_monthly'),
  subscriptionPriceQuarterly: money('subscription_price_quarterly'),
  subscriptionPriceSemiannual: money('subscription_price_semiannual'),
  subscriptionPriceAnnual: money('subscription_price_annual'),
  subscriptionAvailable: boolean('subscription_available').notNull().default(false),
  telegramChannelLink: text('telegram_channel_link'),
  telegramGroupLink: text('telegram_group_link'),
  telegramSupportId: text('telegram_support_id'),
  userAgreementLink: text('user_agreement_link'),
  privacyPolicyLink: text('privacy_policy_link'),
  companyWebpageLink: text('company_webpage_link'),
  instagramLink: text('instagram_link'),
  youtubeLink: text('youtube_link'),
  knowledgeBaseLink: text('knowledge_base_link'),
  /** Boolean switches of the provider settings (show_ref_profile, signup_reflink_only, ...). */
  flags: jsonb('flags').$type<Record<string, boolean>>().notNull().default({}),
  oauth2Url: text('oauth2_url'),
  oauth2RedirectUrl: text('oauth2_redirect_url'),
  oauth2ClientId: text('oauth2_client_id'),
  primaryColor: text('primary_color'),
  secondaryColor: text('secondary_color'),
  primaryTextColor: text('primary_text_color'),
  secondaryTextColor: text('secondary_text_color'),
  backgroundColor: text('background_color'),
  linkColor: text('link_color'),
  createdAt: createdAt(),
});

export const tenantDesigns = pgTable('tenant_designs', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  favicon: text('favicon'),
  defaultTheme: text('default_theme').notNull().default('light'),
  allowThemeSwitch: boolean('allow_theme_switch').notNull().default(true),
  darkThemeAllowed: boolean('dark_theme_allowed').notNull().default(true),
  lightLogo: text('light_logo'),
  darkLogo: text('dark_logo'),
  lightBackgroundImage: text('light_background_image'),
  darkBackgroundImage: text('dark_background_image'),
  backgroundImagePosition: text('background_image_position'),
  backgroundImageSize: text('background_image_size'),
  dashboardWidgets: jsonb('dashboard_widgets'),
  lightTheme: jsonb('light_theme').$type<ThemeColours>().notNull().default({}),
  darkTheme: jsonb('dark_theme').$type<ThemeColours>().notNull().default({}),
});

export const tenantModules = pgTable(
  'tenant_modules',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    publicConfig: jsonb('public_config'),
    customConfig: jsonb('custom_config'),
  },
  (t) => [uniqueIndex('tenant_modules_tenant_module').on(t.tenantId, t.module)],
);

export const affPlans = pgTable('aff_plans', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .unique()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  module: text('module').notNull(),
  description: text('description'),
  maxDepth: integer('max_depth'),
});

export const cmsModules = pgTable('cms_modules', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** The name in the tenant's other languages ({ "uk": "...", ... }); `name` where a language has none. */
  nameTranslations: jsonb('name_translations').$type<Record<string, string>>(),
  url: text('url'),
  icon: text('icon'),
  templateName: text('template_name'),
  requestMethod: text('request_method'),
  authMethod: text('auth_method'),
  token: text('token'),
});
