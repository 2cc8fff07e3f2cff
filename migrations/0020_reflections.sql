CREATE TABLE "reflections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"community_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"helped" text,
	"hard" text,
	"prayer_request" text,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"reply" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reflections" ADD CONSTRAINT "reflections_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reflections" ADD CONSTRAINT "reflections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reflections" ADD CONSTRAINT "reflections_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reflections_member_month_idx" ON "reflections" USING btree ("community_id","user_id","year","month");--> statement-breakpoint
CREATE INDEX "reflections_community_month_idx" ON "reflections" USING btree ("community_id","year","month");--> statement-breakpoint
CREATE INDEX "reflections_user_idx" ON "reflections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reflections_acknowledged_by_idx" ON "reflections" USING btree ("acknowledged_by");