DROP INDEX "care_reach_outs_member_idx";--> statement-breakpoint
ALTER TABLE "care_reach_outs" ADD COLUMN "reached_on" date;--> statement-breakpoint
UPDATE "care_reach_outs" r SET "reached_on" = (r."reached_at" AT TIME ZONE c."time_zone")::date FROM "communities" c WHERE c."id" = r."community_id";--> statement-breakpoint
ALTER TABLE "care_reach_outs" ALTER COLUMN "reached_on" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "care_reach_outs_member_day_idx" ON "care_reach_outs" USING btree ("community_id","member_id","reached_on");--> statement-breakpoint
CREATE INDEX "care_reach_outs_recent_idx" ON "care_reach_outs" USING btree ("community_id","reached_at");