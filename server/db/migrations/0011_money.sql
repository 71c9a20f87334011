ALTER TABLE "promo_code_uses" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gateway_transactions" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancel_reason" text;