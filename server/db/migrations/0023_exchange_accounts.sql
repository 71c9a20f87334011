CREATE TABLE "exchange_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"exchange" text NOT NULL,
	"api_key_sealed" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"passphrase_sealed" text,
	"key_fingerprint" text NOT NULL,
	"api_key_last4" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"balance" numeric(36, 8),
	"balance_currency" text DEFAULT 'USDT' NOT NULL,
	"balance_read_at" timestamp with time zone,
	"disconnect_reason" text,
	"disconnected_at" timestamp with time zone,
	"suspension_cause" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_secrets_keys" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_secrets_keys_one_row" CHECK ("exchange_secrets_keys"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"type" text,
	"investor_accounts" integer,
	"linkings" integer,
	"exchanges" jsonb,
	"trading_volume" numeric(36, 8),
	"trading_volume_currency" text,
	"risk_management" boolean,
	"status" text DEFAULT 'active' NOT NULL,
	"activated_till" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_suspensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"cause" text NOT NULL,
	"accounts" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "overdue_trader_fees_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exchange_accounts" ADD CONSTRAINT "exchange_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_accounts" ADD CONSTRAINT "exchange_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_suspensions" ADD CONSTRAINT "trading_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_accounts_key" ON "exchange_accounts" USING btree ("tenant_id","exchange","key_fingerprint");--> statement-breakpoint
CREATE INDEX "exchange_accounts_member" ON "exchange_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "exchange_accounts_connected" ON "exchange_accounts" USING btree ("status","user_id");--> statement-breakpoint
CREATE INDEX "services_member" ON "services" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trading_suspensions_unmailed" ON "trading_suspensions" USING btree ("id") WHERE "trading_suspensions"."mailed_at" is null;