CREATE TABLE "care_weekly_words" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"community_id" uuid NOT NULL,
	"commander_id" uuid NOT NULL,
	"week_of" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_weekly_words" ADD CONSTRAINT "care_weekly_words_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_weekly_words" ADD CONSTRAINT "care_weekly_words_commander_id_users_id_fk" FOREIGN KEY ("commander_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_weekly_words_unique" ON "care_weekly_words" USING btree ("community_id","commander_id","week_of");