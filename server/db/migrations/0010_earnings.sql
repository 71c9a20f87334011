ALTER TABLE "aff_earnings" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "aff_earnings" ADD COLUMN "ledger_entry_id" integer;--> statement-breakpoint
ALTER TABLE "aff_earnings" ADD CONSTRAINT "aff_earnings_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aff_earnings" ADD CONSTRAINT "aff_earnings_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aff_earnings_invoice_earner" ON "aff_earnings" USING btree ("invoice_id","user_id");--> statement-breakpoint
CREATE INDEX "aff_earnings_released" ON "aff_earnings" USING btree ("hold_until") WHERE "aff_earnings"."status" = 'approved';