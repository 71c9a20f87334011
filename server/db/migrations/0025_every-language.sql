ALTER TABLE "cms_modules" ADD COLUMN "name_translations" jsonb;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "upgrade" jsonb;--> statement-breakpoint
ALTER TABLE "aff_level_access" ADD COLUMN "opens_with_product_id" integer;--> statement-breakpoint
ALTER TABLE "aff_level_access" ADD COLUMN "opens_with_purchase" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "aff_level_access" ADD CONSTRAINT "aff_level_access_opens_with_product_id_products_id_fk" FOREIGN KEY ("opens_with_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;