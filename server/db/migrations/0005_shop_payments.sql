CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"wallet_id" integer NOT NULL,
	"currency" text NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(36, 8) NOT NULL,
	"balance_after" numeric(36, 8) NOT NULL,
	"entry_key" text NOT NULL,
	"invoice_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_entry_key_unique" UNIQUE("entry_key")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"billing_cycle" text NOT NULL,
	"qty" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lines_qty" CHECK ("order_lines"."qty" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer,
	"anonymous_id" text,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_one_owner" CHECK (("orders"."user_id" is null) <> ("orders"."anonymous_id" is null))
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"view_template" text,
	"public_config" jsonb,
	"hidden" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_category_links" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "product_category_links_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" integer NOT NULL,
	"name" text,
	"url" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_images_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"bg_color" text,
	"currency" text DEFAULT 'USDT' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"price_onetime" numeric(36, 8),
	"price_monthly" numeric(36, 8),
	"price_quartally" numeric(36, 8),
	"price_semiannually" numeric(36, 8),
	"price_annually" numeric(36, 8),
	"last_price" numeric(36, 8),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"default_image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "promo_code_categories" (
	"promo_code_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "promo_code_categories_promo_code_id_category_id_pk" PRIMARY KEY("promo_code_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "promo_code_products" (
	"promo_code_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "promo_code_products_promo_code_id_product_id_pk" PRIMARY KEY("promo_code_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "promo_code_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_uses_invoice_id_unique" UNIQUE("invoice_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer,
	"code" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"discount" numeric(36, 8) NOT NULL,
	"discount_type" text NOT NULL,
	"max_usage_limit" integer,
	"per_member_limit" integer DEFAULT 1,
	"used_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"billing_cycle" text NOT NULL,
	"qty" integer NOT NULL,
	"price" numeric(36, 8) NOT NULL,
	"currency" text NOT NULL,
	"active_till" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "shop_catalog_versions" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_callbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"txn_id" text,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"is_fiat" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"network" text,
	"node_type" text,
	"replenish_minimum" numeric(36, 8),
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_fees" (
	"tenant_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"currency" text DEFAULT '*' NOT NULL,
	"percent" numeric(9, 4) DEFAULT '0' NOT NULL,
	"fixed" numeric(36, 8) DEFAULT '0' NOT NULL,
	CONSTRAINT "gateway_fees_tenant_id_gateway_currency_pk" PRIMARY KEY("tenant_id","gateway","currency")
);
--> statement-breakpoint
CREATE TABLE "gateway_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"gateway_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"txn_id" text NOT NULL,
	"coin" text NOT NULL,
	"coin_currency" text NOT NULL,
	"amount" numeric(36, 8) NOT NULL,
	"invoice_amount" numeric(36, 8) NOT NULL,
	"rate" numeric(36, 12) NOT NULL,
	"address" text,
	"link" text,
	"confirms_needed" integer,
	"checkout_url" text,
	"status_url" text,
	"qrcode_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"received_amount" numeric(36, 8),
	"credited_amount" numeric(36, 8),
	"late" boolean,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"operation" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_operation_key_pk" PRIMARY KEY("user_id","operation","key")
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"product_id" integer,
	"subject" text NOT NULL,
	"billing_cycle" text,
	"qty" integer NOT NULL,
	"unit_price" numeric(36, 8) NOT NULL,
	"amount" numeric(36, 8) NOT NULL,
	"currency" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"currency" text NOT NULL,
	"subtotal" numeric(36, 8) NOT NULL,
	"discount" numeric(36, 8) DEFAULT '0' NOT NULL,
	"fees" numeric(36, 8) DEFAULT '0' NOT NULL,
	"taxes" numeric(36, 8) DEFAULT '0' NOT NULL,
	"penalty" numeric(36, 8) DEFAULT '0' NOT NULL,
	"total" numeric(36, 8) NOT NULL,
	"amount_paid" numeric(36, 8) DEFAULT '0' NOT NULL,
	"promo_code_id" integer,
	"promo_code" text,
	"promo_discount" numeric(36, 8),
	"promo_discount_type" text,
	"payment_gateway" text,
	"gateway_network" text,
	"gateway_wallet" text,
	"txn_id" text,
	"note" text,
	"billing_from" timestamp with time zone,
	"billing_to" timestamp with time zone,
	"crypto_payment_started_at" timestamp with time zone,
	"fiat_payment_started_at" timestamp with time zone,
	"due_date" timestamp with time zone NOT NULL,
	"date_paid" timestamp with time zone,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_tag_unique" UNIQUE("tag"),
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."total" >= 0 and "invoices"."amount_paid" >= 0 and "invoices"."subtotal" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"module" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"logo" text,
	"status" text DEFAULT 'active' NOT NULL,
	"type" text NOT NULL,
	"automatic" boolean DEFAULT true NOT NULL,
	"description" text,
	"public_config" jsonb,
	"private_config" jsonb NOT NULL,
	"website_url" text,
	"guide_url" text,
	"hidden_in_form" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category_links" ADD CONSTRAINT "product_category_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category_links" ADD CONSTRAINT "product_category_links_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_categories" ADD CONSTRAINT "promo_code_categories_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_categories" ADD CONSTRAINT "promo_code_categories_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_products" ADD CONSTRAINT "promo_code_products_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_products" ADD CONSTRAINT "promo_code_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_fees" ADD CONSTRAINT "gateway_fees_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_transactions" ADD CONSTRAINT "gateway_transactions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_transactions" ADD CONSTRAINT "gateway_transactions_gateway_id_payment_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."payment_gateways"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_gateways" ADD CONSTRAINT "payment_gateways_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_wallet" ON "ledger_entries" USING btree ("wallet_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_invoice" ON "ledger_entries" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_product_cycle" ON "order_lines" USING btree ("order_id","product_id","billing_cycle");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_active_member" ON "orders" USING btree ("tenant_id","user_id") WHERE status = 'new' and user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_active_guest" ON "orders" USING btree ("tenant_id","anonymous_id") WHERE status = 'new' and anonymous_id is not null;--> statement-breakpoint
CREATE INDEX "product_categories_tenant" ON "product_categories" USING btree ("tenant_id","sort_order");--> statement-breakpoint
CREATE INDEX "product_category_links_category" ON "product_category_links" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "product_images_product" ON "product_images" USING btree ("product_id","sort_order");--> statement-breakpoint
CREATE INDEX "products_tenant_list" ON "products" USING btree ("tenant_id","status","sort_order","id");--> statement-breakpoint
CREATE INDEX "promo_code_uses_member" ON "promo_code_uses" USING btree ("promo_code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_tenant_code" ON "promo_codes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_invoice_product_cycle" ON "purchases" USING btree ("invoice_id","product_id","billing_cycle");--> statement-breakpoint
CREATE INDEX "purchases_member" ON "purchases" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_currencies_gateway_code" ON "gateway_currencies" USING btree ("gateway","code");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_transactions_gateway_txn" ON "gateway_transactions" USING btree ("gateway","txn_id");--> statement-breakpoint
CREATE INDEX "gateway_transactions_invoice" ON "gateway_transactions" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice" ON "invoice_items" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE INDEX "invoices_member" ON "invoices" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_gateways_tenant_module" ON "payment_gateways" USING btree ("tenant_id","module");--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_available_not_negative" CHECK ("wallets"."available" >= 0);--> statement-breakpoint
-- Hand-written (drizzle-kit does not generate triggers): every change to a tenant's catalog moves its
-- shop_catalog_versions counter, which the server compares with its in-memory catalog.
CREATE OR REPLACE FUNCTION "shop_catalog_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  tenant integer;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME IN ('products', 'product_categories') THEN
    tenant := changed.tenant_id;
  ELSE
    SELECT p.tenant_id INTO tenant FROM "products" p WHERE p.id = changed.product_id;
  END IF;
  IF tenant IS NOT NULL THEN
    INSERT INTO "shop_catalog_versions" ("tenant_id", "version") VALUES (tenant, 1)
      ON CONFLICT ("tenant_id") DO UPDATE SET "version" = "shop_catalog_versions"."version" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_catalog_touch" AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION "shop_catalog_touch"();--> statement-breakpoint
CREATE TRIGGER "product_categories_catalog_touch" AFTER INSERT OR UPDATE OR DELETE ON "product_categories" FOR EACH ROW EXECUTE FUNCTION "shop_catalog_touch"();--> statement-breakpoint
CREATE TRIGGER "product_category_links_catalog_touch" AFTER INSERT OR UPDATE OR DELETE ON "product_category_links" FOR EACH ROW EXECUTE FUNCTION "shop_catalog_touch"();--> statement-breakpoint
CREATE TRIGGER "product_images_catalog_touch" AFTER INSERT OR UPDATE OR DELETE ON "product_images" FOR EACH ROW EXECUTE FUNCTION "shop_catalog_touch"();
