ALTER TABLE "cms_modules" ADD COLUMN "name_translations" jsonb;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "upgrade" jsonb;