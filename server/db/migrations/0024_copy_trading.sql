CREATE TABLE "copied_trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"strategy_trade_id" bigint NOT NULL,
	"amount" numeric(36, 8) NOT NULL,
	"pnl" numeric(36, 8) NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copy_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"strategy_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"lot_size_percent" integer NOT NULL,
	"max_drawdown_percent" integer,
	"quote_asset" text NOT NULL,
	"start_equity" numeric(36, 8) NOT NULL,
	"pnl" numeric(36, 8) DEFAULT '0' NOT NULL,
	"equity_peak" numeric(36, 8) NOT NULL,
	"drawdown_percent" numeric(12, 2) DEFAULT '0' NOT NULL,
	"trade_count" integer DEFAULT 0 NOT NULL,
	"key_deadline" timestamp with time zone,
	"linked_at" timestamp with time zone,
	"copy_from" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"disconnect_reason" text,
	"suspension_cause" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copy_stats_passes" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"computed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "link_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"strategy_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"lot_size_percent" integer NOT NULL,
	"max_drawdown_percent" integer,
	"quote_asset" text NOT NULL,
	"review_deadline" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"expired" boolean DEFAULT false NOT NULL,
	"connection_id" uuid,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"risk" smallint NOT NULL,
	"exchange" text NOT NULL,
	"quote_asset" text DEFAULT 'USDT' NOT NULL,
	"min_deposit" numeric(36, 8) NOT NULL,
	"max_followers" integer NOT NULL,
	"fee_percent" numeric(12, 2) DEFAULT '0' NOT NULL,
	"start_equity" numeric(36, 8) NOT NULL,
	"probation_until" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"synced_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strategies_risk" CHECK ("strategies"."risk" between 1 and 3),
	CONSTRAINT "strategies_max_followers" CHECK ("strategies"."max_followers" >= 0)
);
--> statement-breakpoint
CREATE TABLE "strategy_stats" (
	"strategy_id" uuid NOT NULL,
	"period" text NOT NULL,
	"roi_percent" numeric(12, 2) NOT NULL,
	"pnl" numeric(36, 8) NOT NULL,
	"max_drawdown_percent" numeric(12, 2) NOT NULL,
	"win_rate_percent" numeric(12, 2),
	"trades" integer NOT NULL,
	"runtime_days" integer NOT NULL,
	"ranked" boolean NOT NULL,
	"rank" integer,
	"equity" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "strategy_stats_strategy_id_period_pk" PRIMARY KEY("strategy_id","period")
);
--> statement-breakpoint
CREATE TABLE "strategy_trades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"strategy_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"amount" numeric(36, 8) NOT NULL,
	"open_price" numeric(36, 8) NOT NULL,
	"close_price" numeric(36, 8) NOT NULL,
	"pnl" numeric(36, 8) NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "copied_trades" ADD CONSTRAINT "copied_trades_connection_id_copy_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."copy_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copied_trades" ADD CONSTRAINT "copied_trades_strategy_trade_id_strategy_trades_id_fk" FOREIGN KEY ("strategy_trade_id") REFERENCES "public"."strategy_trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_connections" ADD CONSTRAINT "copy_connections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_connections" ADD CONSTRAINT "copy_connections_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_connections" ADD CONSTRAINT "copy_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_connections" ADD CONSTRAINT "copy_connections_account_id_exchange_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."exchange_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_connections" ADD CONSTRAINT "copy_connections_request_id_link_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."link_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_stats_passes" ADD CONSTRAINT "copy_stats_passes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_account_id_exchange_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."exchange_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_account_id_exchange_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."exchange_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_stats" ADD CONSTRAINT "strategy_stats_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_trades" ADD CONSTRAINT "strategy_trades_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "copied_trades_once" ON "copied_trades" USING btree ("connection_id","strategy_trade_id");--> statement-breakpoint
CREATE INDEX "copied_trades_list" ON "copied_trades" USING btree ("connection_id","closed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "copy_connections_request" ON "copy_connections" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "copy_connections_live_account" ON "copy_connections" USING btree ("account_id") WHERE "copy_connections"."status" in ('pending', 'active', 'paused', 'suspended');--> statement-breakpoint
CREATE INDEX "copy_connections_strategy" ON "copy_connections" USING btree ("strategy_id","status");--> statement-breakpoint
CREATE INDEX "copy_connections_member" ON "copy_connections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "link_requests_idempotency" ON "link_requests" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "link_requests_pending_account" ON "link_requests" USING btree ("account_id") WHERE "link_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "link_requests_strategy" ON "link_requests" USING btree ("strategy_id","status");--> statement-breakpoint
CREATE INDEX "link_requests_member" ON "link_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "link_requests_due" ON "link_requests" USING btree ("review_deadline") WHERE "link_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "strategies_tenant" ON "strategies" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "strategy_stats_ranking" ON "strategy_stats" USING btree ("period","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_trades_external" ON "strategy_trades" USING btree ("strategy_id","external_id");--> statement-breakpoint
CREATE INDEX "strategy_trades_closed" ON "strategy_trades" USING btree ("strategy_id","closed_at");--> statement-breakpoint
CREATE INDEX "strategy_trades_synced" ON "strategy_trades" USING btree ("strategy_id","synced_at");