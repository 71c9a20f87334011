ALTER TABLE "invoices" ADD COLUMN "transfer_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "transfer_reported_gateway" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "transfer_method" text;