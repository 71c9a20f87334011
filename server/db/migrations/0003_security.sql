CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_tenant_email";--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "registration" jsonb;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_user_code" ON "recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
-- One account per address whatever the letter case. A database holding two members of one tenant whose
-- addresses differ only in case stops here: merge or rename one of them, then start again.
CREATE UNIQUE INDEX "users_tenant_email_lower" ON "users" USING btree ("tenant_id",lower("email"));