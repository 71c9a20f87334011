CREATE TABLE "ledger_days" (
	"wallet_id" integer NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(36, 8) NOT NULL,
	"entries" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_id" integer NOT NULL,
	"last_balance" numeric(36, 8) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_days_key" ON "ledger_days" USING btree ("wallet_id","day","type","user_id","currency");--> statement-breakpoint
CREATE INDEX "ledger_days_wallet_last" ON "ledger_days" USING btree ("wallet_id","day","last_at","last_id");--> statement-breakpoint
CREATE INDEX "ledger_days_user" ON "ledger_days" USING btree ("user_id","currency","type");