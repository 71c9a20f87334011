CREATE TABLE "lottery_access_tariffs" (
	"raffle_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "lottery_access_tariffs_raffle_id_product_id_pk" PRIMARY KEY("raffle_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "lottery_prizes" (
	"raffle_id" integer NOT NULL,
	"place" integer NOT NULL,
	"amount" numeric(36, 8) NOT NULL,
	CONSTRAINT "lottery_prizes_raffle_id_place_pk" PRIMARY KEY("raffle_id","place")
);
--> statement-breakpoint
CREATE TABLE "lottery_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"raffle_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"amount" numeric(36, 8) NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_raffles" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"currency" text NOT NULL,
	"ticket_price" numeric(36, 8) NOT NULL,
	"tickets_total" integer NOT NULL,
	"max_tickets_per_member" integer NOT NULL,
	"min_tickets" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"premium_only" boolean DEFAULT false NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"drawn_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_tickets" (
	"raffle_id" integer NOT NULL,
	"number" integer NOT NULL,
	"user_id" integer NOT NULL,
	"purchase_id" integer NOT NULL,
	CONSTRAINT "lottery_tickets_raffle_id_number_pk" PRIMARY KEY("raffle_id","number")
);
--> statement-breakpoint
CREATE TABLE "lottery_winners" (
	"raffle_id" integer NOT NULL,
	"place" integer NOT NULL,
	"ticket" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(36, 8) NOT NULL,
	CONSTRAINT "lottery_winners_raffle_id_place_pk" PRIMARY KEY("raffle_id","place")
);
--> statement-breakpoint
ALTER TABLE "lottery_access_tariffs" ADD CONSTRAINT "lottery_access_tariffs_raffle_id_lottery_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."lottery_raffles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_access_tariffs" ADD CONSTRAINT "lottery_access_tariffs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_raffle_id_lottery_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."lottery_raffles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_purchases" ADD CONSTRAINT "lottery_purchases_raffle_id_lottery_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."lottery_raffles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_purchases" ADD CONSTRAINT "lottery_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_raffles" ADD CONSTRAINT "lottery_raffles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_raffle_id_lottery_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."lottery_raffles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_purchase_id_lottery_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."lottery_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_winners" ADD CONSTRAINT "lottery_winners_raffle_id_lottery_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."lottery_raffles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_winners" ADD CONSTRAINT "lottery_winners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_purchases_user" ON "lottery_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "lottery_purchases_raffle" ON "lottery_purchases" USING btree ("raffle_id");--> statement-breakpoint
CREATE INDEX "lottery_raffles_tenant" ON "lottery_raffles" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "lottery_raffles_due" ON "lottery_raffles" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "lottery_tickets_user" ON "lottery_tickets" USING btree ("user_id","raffle_id");--> statement-breakpoint
CREATE INDEX "lottery_winners_user" ON "lottery_winners" USING btree ("user_id");