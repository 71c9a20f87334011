CREATE TABLE "invest_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"rate_percent" numeric(9, 4) NOT NULL,
	"period_days" integer NOT NULL,
	"periods" integer NOT NULL,
	"compounding" boolean NOT NULL,
	"capital_back" boolean NOT NULL,
	"penalty_percent" numeric(9, 4) NOT NULL,
	"min_amount" numeric(36, 8) NOT NULL,
	"max_amount" numeric(36, 8) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investment_accruals" (
	"investment_id" integer NOT NULL,
	"period" integer NOT NULL,
	"profit" numeric(36, 8) NOT NULL,
	"accrued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "investment_accruals_investment_id_period_pk" PRIMARY KEY("investment_id","period")
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"amount" numeric(36, 8) NOT NULL,
	"currency" text NOT NULL,
	"rate_percent" numeric(9, 4) NOT NULL,
	"period_days" integer NOT NULL,
	"periods" integer NOT NULL,
	"compounding" boolean NOT NULL,
	"capital_back" boolean NOT NULL,
	"penalty_percent" numeric(9, 4) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"periods_done" integer DEFAULT 0 NOT NULL,
	"accrued" numeric(36, 8) DEFAULT '0' NOT NULL,
	"paid_out" numeric(36, 8) DEFAULT '0' NOT NULL,
	"stopped_early" boolean DEFAULT false NOT NULL,
	"penalty" numeric(36, 8),
	"stop_payout" numeric(36, 8),
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invest_plans" ADD CONSTRAINT "invest_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_accruals" ADD CONSTRAINT "investment_accruals_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_plan_id_invest_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."invest_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invest_plans_tenant" ON "invest_plans" USING btree ("tenant_id","sort_order");--> statement-breakpoint
CREATE INDEX "investments_user" ON "investments" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "investments_due" ON "investments" USING btree ("status","started_at");