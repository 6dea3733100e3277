CREATE TABLE "round_notices" (
	"school_id" text NOT NULL,
	"occurrence_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" text NOT NULL,
	CONSTRAINT "round_notices_occurrence_id_kind_user_id_pk" PRIMARY KEY("occurrence_id","kind","user_id")
);
--> statement-breakpoint
ALTER TABLE "round_notices" ADD CONSTRAINT "round_notices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;