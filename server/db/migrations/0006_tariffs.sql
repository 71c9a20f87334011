CREATE TABLE "subscription_invoices" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"period" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_checkouts" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"product_id" integer NOT NULL,
	"billing_cycle" text NOT NULL,
	"price" numeric(36, 8) NOT NULL,
	"from_purchase_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"level" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_upgrades" (
	"from_product_id" integer NOT NULL,
	"to_product_id" integer NOT NULL,
	CONSTRAINT "tariff_upgrades_from_product_id_to_product_id_pk" PRIMARY KEY("from_product_id","to_product_id"),
	CONSTRAINT "tariff_upgrades_other" CHECK ("tariff_upgrades"."from_product_id" <> "tariff_upgrades"."to_product_id")
);
--> statement-breakpoint
CREATE TABLE "tenant_owners" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "tenant_owners_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tenant_subscriptions" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"period" text,
	"active_till" timestamp with time zone,
	"trial_till" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "active_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_checkouts" ADD CONSTRAINT "tariff_checkouts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_checkouts" ADD CONSTRAINT "tariff_checkouts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_checkouts" ADD CONSTRAINT "tariff_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_checkouts" ADD CONSTRAINT "tariff_checkouts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_checkouts" ADD CONSTRAINT "tariff_checkouts_from_purchase_id_purchases_id_fk" FOREIGN KEY ("from_purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_products" ADD CONSTRAINT "tariff_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_products" ADD CONSTRAINT "tariff_products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_upgrades" ADD CONSTRAINT "tariff_upgrades_from_product_id_products_id_fk" FOREIGN KEY ("from_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_upgrades" ADD CONSTRAINT "tariff_upgrades_to_product_id_products_id_fk" FOREIGN KEY ("to_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_owners" ADD CONSTRAINT "tenant_owners_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_owners" ADD CONSTRAINT "tenant_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_subscriptions" ADD CONSTRAINT "tenant_subscriptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_invoices_member" ON "subscription_invoices" USING btree ("user_id","period");--> statement-breakpoint
CREATE INDEX "tariff_checkouts_member" ON "tariff_checkouts" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "tariff_products_tenant" ON "tariff_products" USING btree ("tenant_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_owners_user" ON "tenant_owners" USING btree ("user_id");