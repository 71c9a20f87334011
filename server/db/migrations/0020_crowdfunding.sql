CREATE TABLE "crowdfunding_holdings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"amount" numeric(36, 8) NOT NULL,
	"status" text NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"payouts_done" integer DEFAULT 0 NOT NULL,
	"received_profit" numeric(36, 8) DEFAULT '0' NOT NULL,
	"received_body" numeric(36, 8) DEFAULT '0' NOT NULL,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crowdfunding_holdings_invoice_id_unique" UNIQUE("invoice_id")
);
--> statement-breakpoint
CREATE TABLE "crowdfunding_payouts" (
	"holding_id" integer NOT NULL,
	"number" integer NOT NULL,
	"profit" numeric(36, 8) NOT NULL,
	"body" numeric(36, 8) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "crowdfunding_payouts_holding_id_number_pk" PRIMARY KEY("holding_id","number")
);
--> statement-breakpoint
CREATE TABLE "crowdfunding_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text NOT NULL,
	"goal" numeric(36, 8) NOT NULL,
	"min_investment" numeric(36, 8) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"return_percent" numeric(9, 4) NOT NULL,
	"payout_period_months" integer NOT NULL,
	"term_months" integer NOT NULL,
	"refunded_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crowdfunding_tariff_caps" (
	"tenant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"cap" numeric(36, 8) NOT NULL,
	CONSTRAINT "crowdfunding_tariff_caps_tenant_id_product_id_pk" PRIMARY KEY("tenant_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "crowdfunding_holdings" ADD CONSTRAINT "crowdfunding_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_holdings" ADD CONSTRAINT "crowdfunding_holdings_project_id_crowdfunding_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."crowdfunding_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_holdings" ADD CONSTRAINT "crowdfunding_holdings_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_payouts" ADD CONSTRAINT "crowdfunding_payouts_holding_id_crowdfunding_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."crowdfunding_holdings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_projects" ADD CONSTRAINT "crowdfunding_projects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_tariff_caps" ADD CONSTRAINT "crowdfunding_tariff_caps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_tariff_caps" ADD CONSTRAINT "crowdfunding_tariff_caps_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crowdfunding_holdings_user" ON "crowdfunding_holdings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "crowdfunding_holdings_project" ON "crowdfunding_holdings" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "crowdfunding_holdings_due" ON "crowdfunding_holdings" USING btree ("status","paid_at");--> statement-breakpoint
CREATE INDEX "crowdfunding_projects_tenant" ON "crowdfunding_projects" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "crowdfunding_projects_ends" ON "crowdfunding_projects" USING btree ("status","ends_at");