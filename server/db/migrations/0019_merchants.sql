CREATE TABLE "merchant_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"min_amount" numeric(36, 8) NOT NULL,
	"max_amount" numeric(36, 8) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"pay_currency" text NOT NULL,
	"amount" numeric(36, 8) NOT NULL,
	"rate" numeric(36, 12) NOT NULL,
	"asset_amount" numeric(36, 8) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_quotes_invoice_id_unique" UNIQUE("invoice_id")
);
--> statement-breakpoint
ALTER TABLE "merchant_assets" ADD CONSTRAINT "merchant_assets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_assets" ADD CONSTRAINT "merchant_assets_symbol_currencies_code_fk" FOREIGN KEY ("symbol") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_quotes" ADD CONSTRAINT "merchant_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_quotes" ADD CONSTRAINT "merchant_quotes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_quotes" ADD CONSTRAINT "merchant_quotes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_assets_tenant_symbol" ON "merchant_assets" USING btree ("tenant_id","symbol");--> statement-breakpoint
CREATE INDEX "merchant_quotes_user" ON "merchant_quotes" USING btree ("user_id","created_at");