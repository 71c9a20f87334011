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
CREATE TABLE "team_paths" (
	"ancestor_id" integer NOT NULL,
	"depth" integer NOT NULL,
	"member_created_at" timestamp with time zone NOT NULL,
	"member_id" integer NOT NULL,
	"member_sponsor_id" integer NOT NULL,
	CONSTRAINT "team_paths_ancestor_id_depth_member_created_at_member_id_pk" PRIMARY KEY("ancestor_id","depth","member_created_at","member_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_days_key" ON "ledger_days" USING btree ("wallet_id","day","type","user_id","currency");--> statement-breakpoint
CREATE INDEX "ledger_days_wallet_last" ON "ledger_days" USING btree ("wallet_id","day","last_at","last_id");--> statement-breakpoint
CREATE INDEX "ledger_days_user" ON "ledger_days" USING btree ("user_id","currency","type");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_months_key" ON "ledger_months" USING btree ("wallet_id","month","type","user_id","currency");--> statement-breakpoint
CREATE INDEX "ledger_months_user" ON "ledger_months" USING btree ("user_id","currency","type");--> statement-breakpoint
CREATE INDEX "team_paths_member" ON "team_paths" USING btree ("member_id");