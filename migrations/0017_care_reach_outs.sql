CREATE TABLE "care_reach_outs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"community_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"reached_by" uuid,
	"reached_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_reach_outs" ADD CONSTRAINT "care_reach_outs_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_reach_outs" ADD CONSTRAINT "care_reach_outs_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_reach_outs" ADD CONSTRAINT "care_reach_outs_reached_by_users_id_fk" FOREIGN KEY ("reached_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_reach_outs_member_idx" ON "care_reach_outs" USING btree ("community_id","member_id");