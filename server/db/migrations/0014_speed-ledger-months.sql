CREATE TABLE "ledger_months" (
	"wallet_id" integer NOT NULL,
	"month" date NOT NULL,
	"type" text NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(36, 8) NOT NULL,
	"entries" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_months_key" ON "ledger_months" USING btree ("wallet_id","month","type","user_id","currency");--> statement-breakpoint
CREATE INDEX "ledger_months_user" ON "ledger_months" USING btree ("user_id","currency","type");