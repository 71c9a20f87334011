CREATE TABLE "aff_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"module" text NOT NULL,
	"description" text,
	"max_depth" integer,
	CONSTRAINT "aff_plans_tenant_id_unique" UNIQUE("tenant_id")
);
--> statement-breakpoint
CREATE TABLE "app_state" (
	"app_name" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"logout_needed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"icon" text,
	"template_name" text,
	"request_method" text,
	"auth_method" text,
	"token" text
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"symbol" text,
	"icon" text,
	"type" text NOT NULL,
	"usdt_rate" numeric(36, 12) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "tenant_designs" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"favicon" text,
	"default_theme" text DEFAULT 'light' NOT NULL,
	"allow_theme_switch" boolean DEFAULT true NOT NULL,
	"dark_theme_allowed" boolean DEFAULT true NOT NULL,
	"light_logo" text,
	"dark_logo" text,
	"light_background_image" text,
	"dark_background_image" text,
	"background_image_position" text,
	"background_image_size" text,
	"dashboard_widgets" jsonb,
	"light_theme" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dark_theme" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"module" text NOT NULL,
	"public_config" jsonb,
	"custom_config" jsonb
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"subdomain" text NOT NULL,
	"domain" text,
	"company_name" text,
	"address" text,
	"country" text,
	"logo" text,
	"currency" text DEFAULT 'USDT' NOT NULL,
	"supported_currencies" text[] DEFAULT '{}'::text[] NOT NULL,
	"font_family" text,
	"gtm_tag" text,
	"tidio_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"subscription_active" boolean DEFAULT false NOT NULL,
	"payment_acceptance" boolean DEFAULT true NOT NULL,
	"subscription_price_monthly" numeric(36, 8),
	"subscription_price_quarterly" numeric(36, 8),
	"subscription_price_semiannual" numeric(36, 8),
	"subscription_price_annual" numeric(36, 8),
	"subscription_available" boolean DEFAULT false NOT NULL,
	"telegram_channel_link" text,
	"telegram_group_link" text,
	"telegram_support_id" text,
	"user_agreement_link" text,
	"privacy_policy_link" text,
	"company_webpage_link" text,
	"instagram_link" text,
	"youtube_link" text,
	"knowledge_base_link" text,
	"flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"oauth2_url" text,
	"oauth2_redirect_url" text,
	"oauth2_client_id" text,
	"primary_color" text,
	"secondary_color" text,
	"primary_text_color" text,
	"secondary_text_color" text,
	"background_color" text,
	"link_color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "tenants_subdomain_unique" UNIQUE("subdomain"),
	CONSTRAINT "tenants_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"refid" text NOT NULL,
	"reference_id" text NOT NULL,
	"sponsor_id" integer,
	"avatar" text,
	"phone" text,
	"country_code" text,
	"telegram" text,
	"language" text DEFAULT 'en' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"twofa_secret" text,
	"twofa_method" text,
	"twofa_last_step" integer,
	"support_verification_code" text,
	"auto_register" boolean DEFAULT false NOT NULL,
	"account_status" text DEFAULT 'active' NOT NULL,
	"unpaid_trader_fee_invoices" integer DEFAULT 0 NOT NULL,
	"overdue_trader_fee_invoices" integer DEFAULT 0 NOT NULL,
	"external_transactions_suspended_at" timestamp with time zone,
	"internal_transactions_suspended_at" timestamp with time zone,
	"trading_suspended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "users_refid_unique" UNIQUE("refid"),
	CONSTRAINT "users_reference_id_unique" UNIQUE("reference_id")
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"credit" numeric(36, 8) DEFAULT '0' NOT NULL,
	"available" numeric(36, 8) DEFAULT '0' NOT NULL,
	"locked" numeric(36, 8) DEFAULT '0' NOT NULL,
	"withdrawn" numeric(36, 8) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aff_plans" ADD CONSTRAINT "aff_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_modules" ADD CONSTRAINT "cms_modules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_designs" ADD CONSTRAINT "tenant_designs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_modules" ADD CONSTRAINT "tenant_modules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_modules_tenant_module" ON "tenant_modules" USING btree ("tenant_id","module");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_email" ON "users" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_user_currency" ON "wallets" USING btree ("user_id","currency");