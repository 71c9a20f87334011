CREATE TABLE "cms_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"image" text,
	"link" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_entry_texts" (
	"entry_id" integer NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body_html" text NOT NULL,
	CONSTRAINT "cms_entry_texts_entry_id_lang_pk" PRIMARY KEY("entry_id","lang")
);
--> statement-breakpoint
ALTER TABLE "cms_entries" ADD CONSTRAINT "cms_entries_module_id_cms_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."cms_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_entry_texts" ADD CONSTRAINT "cms_entry_texts_entry_id_cms_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."cms_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cms_entries_module_idx" ON "cms_entries" USING btree ("module_id","sort_order");