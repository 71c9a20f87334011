CREATE TABLE "withdrawal_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"method" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"wallet_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(36, 8) NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"details" jsonb NOT NULL,
	"template_id" integer,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "withdrawal_min" numeric(36, 8);--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "withdrawal_max" numeric(36, 8);--> statement-breakpoint
ALTER TABLE "withdrawal_templates" ADD CONSTRAINT "withdrawal_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_template_id_withdrawal_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."withdrawal_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_templates_user_name" ON "withdrawal_templates" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "withdrawals_user" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_user_key" ON "withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_time" ON "ledger_entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_wallet_time" ON "ledger_entries" USING btree ("wallet_id","created_at","id");--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_locked_not_negative" CHECK ("wallets"."locked" >= 0);