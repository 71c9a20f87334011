// Tables of the reference server. Migrations in server/db/migrations are generated from this file
// with `npm run db:generate` (drizzle-kit) and applied at start, on PGlite and PostgreSQL alike.
import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  index,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money and balances: numeric, never float. */
const money = (name: string) => numeric(name, { precision: 36, scale: 8 });

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
  url: text('url'),
  icon: text('icon'),
  templateName: text('template_name'),
  requestMethod: text('request_method'),
  authMethod: text('auth_method'),
  token: text('token'),
});

/** One row per app name; the portal reads the row named 'portal'. */
export const appState = pgTable('app_state', {
  appName: text('app_name').primaryKey(),
  version: text('version').notNull(),
  status: text('status').notNull().default('live'),
  logoutNeeded: boolean('logout_needed').notNull().default(false),
});

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol'),
  icon: text('icon'),
  /** fiat or crypto */
  type: text('type').notNull(),
  /** Value of one unit in USDT. */
  usdtRate: numeric('usdt_rate', { precision: 36, scale: 12 }).notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().default(sql`gen_random_uuid()`),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Public referral id used in /register/{id}. */
    refid: text('refid').notNull().unique(),
    referenceId: text('reference_id').notNull().unique(),
    sponsorId: integer('sponsor_id'),
    avatar: text('avatar'),
    phone: text('phone'),
    countryCode: text('country_code'),
    telegram: text('telegram'),
    language: text('language').notNull().default('en'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    twofaSecret: text('twofa_secret'),
    twofaMethod: text('twofa_method'),
    /** A secret being activated (generated at every activation start), with its wrong-code count. */
    twofaPendingSecret: text('twofa_pending_secret'),
    twofaPendingFailures: integer('twofa_pending_failures').notNull().default(0),
    /** Last TOTP time step accepted, so a code is never accepted twice. */
    twofaLastStep: integer('twofa_last_step'),
    supportVerificationCode: text('support_verification_code'),
    autoRegister: boolean('auto_register').notNull().default(false),
    /** active or suspended (userSettings.status) */
    accountStatus: text('account_status').notNull().default('active'),
    unpaidTraderFeeInvoices: integer('unpaid_trader_fee_invoices').notNull().default(0),
    overdueTraderFeeInvoices: integer('overdue_trader_fee_invoices').notNull().default(0),
    externalTransactionsSuspendedAt: timestamp('external_transactions_suspended_at', { withTimezone: true }),
    internalTransactionsSuspendedAt: timestamp('internal_transactions_suspended_at', { withTimezone: true }),
    tradingSuspendedAt: timestamp('trading_suspended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_tenant_email').on(t.tenantId, t.email)],
);

export const wallets = pgTable(
  'wallets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    credit: money('credit').notNull().default('0'),
    available: money('available').notNull().default('0'),
    locked: money('locked').notNull().default('0'),
    withdrawn: money('withdrawn').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wallets_user_currency').on(t.userId, t.currency)],
);

/** Opaque access tokens; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/**
 * One-time codes sent by mail: 6 digits from a CSPRNG plus a link token, both stored as hashes; they expire
 * after 10 minutes, allow 5 attempts and work once.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** verify_email, reset_password or twofa */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    linkTokenHash: text('link_token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_user_purpose').on(t.userId, t.purpose)],
);

/** Mail as sent; the dev mailbox (GET /dev/mailbox) reads it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to').on(t.to)],
);

/** Every sign-in attempt: throttling reads the failures, login history shows them to the member. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The login name as typed (lower case), so unknown accounts are throttled too. */
    accountKey: text('account_key').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    browserName: text('browser_name'),
    platformName: text('platform_name'),
    deviceModel: text('device_model'),
    success: boolean('success').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_account').on(t.tenantId, t.accountKey, t.createdAt), index('login_attempts_ip').on(t.ip, t.createdAt)],
);

/** Authorisation codes of the dev OAuth server (single sign-on round trip in development and tests). */
export const oauthCodes = pgTable('oauth_codes', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull().unique(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Member avatars (150×150 PNG or JPEG), served at /avatars/{id}. */
export const avatars = pgTable('avatars', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: text('data').notNull(),
  createdAt: createdAt(),
});

/** The member's staking wallet of the staking module. */
export const stakingWallets = pgTable('staking_wallets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  walletAddress: text('wallet_address'),
  symbol: text('symbol').notNull().default('AIV'),
  tokenAmount: money('token_amount').notNull().default('0'),
  priceInUsdt: money('price_in_usdt').notNull().default('0'),
  stakingAmount: money('staking_amount').notNull().default('0'),
  status: text('status').notNull().default('new'),
  type: text('type').notNull().default('staking'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
