CREATE TABLE "aff_earnings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_user_id" integer,
	"level" integer NOT NULL,
	"amount" numeric(36, 8) NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"hold_until" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aff_level_access" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"max_level" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aff_earnings" ADD CONSTRAINT "aff_earnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aff_earnings" ADD CONSTRAINT "aff_earnings_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aff_level_access" ADD CONSTRAINT "aff_level_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aff_earnings_user" ON "aff_earnings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "users_sponsor" ON "users" USING btree ("sponsor_id");