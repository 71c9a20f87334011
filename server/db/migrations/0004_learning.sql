CREATE TABLE "lms_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"excerpt" text,
	"description" text,
	"image_url" text,
	"bg_color" text,
	"status" text DEFAULT 'active' NOT NULL,
	"requires_subscription" boolean DEFAULT false NOT NULL,
	"product_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lms_courses_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "lms_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"download_link" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lms_enrolments" (
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lms_enrolments_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lms_lecture_progress" (
	"user_id" integer NOT NULL,
	"lecture_id" integer NOT NULL,
	"completed_at" timestamp with time zone,
	"minutes_viewed" integer DEFAULT 0 NOT NULL,
	"position_seconds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lms_lecture_progress_user_id_lecture_id_pk" PRIMARY KEY("user_id","lecture_id")
);
--> statement-breakpoint
CREATE TABLE "lms_lectures" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"section_id" integer,
	"name" text NOT NULL,
	"type" text DEFAULT 'video' NOT NULL,
	"excerpt" text,
	"video_type" text,
	"video_link" text,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "lms_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lms_courses" ADD CONSTRAINT "lms_courses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_downloads" ADD CONSTRAINT "lms_downloads_course_id_lms_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."lms_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_enrolments" ADD CONSTRAINT "lms_enrolments_course_id_lms_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."lms_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_enrolments" ADD CONSTRAINT "lms_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_lecture_progress" ADD CONSTRAINT "lms_lecture_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_lecture_progress" ADD CONSTRAINT "lms_lecture_progress_lecture_id_lms_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lms_lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_lectures" ADD CONSTRAINT "lms_lectures_course_id_lms_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."lms_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_lectures" ADD CONSTRAINT "lms_lectures_section_id_lms_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."lms_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_sections" ADD CONSTRAINT "lms_sections_course_id_lms_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."lms_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lms_courses_tenant" ON "lms_courses" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "lms_courses_product" ON "lms_courses" USING btree ("product_uuid");--> statement-breakpoint
CREATE INDEX "lms_downloads_course" ON "lms_downloads" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "lms_enrolments_user" ON "lms_enrolments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lms_lectures_course" ON "lms_lectures" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "lms_sections_course" ON "lms_sections" USING btree ("course_id");