CREATE TABLE "team_paths" (
	"ancestor_id" integer NOT NULL,
	"depth" integer NOT NULL,
	"member_created_at" timestamp with time zone NOT NULL,
	"member_id" integer NOT NULL,
	CONSTRAINT "team_paths_ancestor_id_depth_member_created_at_member_id_pk" PRIMARY KEY("ancestor_id","depth","member_created_at","member_id")
);
--> statement-breakpoint
CREATE INDEX "team_paths_member" ON "team_paths" USING btree ("member_id");