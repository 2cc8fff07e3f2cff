CREATE TABLE "history_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"community_id" uuid NOT NULL,
	"imported_user_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"offered_by" uuid,
	"months" integer NOT NULL,
	"days" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "takeover_review_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "meeting_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "outside_at" timestamp with time zone;--> statement-breakpoint
-- A subscription now belongs to the session that made it (issue 38 item 1); those from before name none, so
-- they are forgotten: each device turns push on again under Profile, signed in as its owner.
DELETE FROM "push_subscriptions";--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" varchar NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "history_offers" ADD CONSTRAINT "history_offers_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_offers" ADD CONSTRAINT "history_offers_imported_user_id_users_id_fk" FOREIGN KEY ("imported_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_offers" ADD CONSTRAINT "history_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_offers" ADD CONSTRAINT "history_offers_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "history_offers_pending_record_unique" ON "history_offers" USING btree ("imported_user_id") WHERE "history_offers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "history_offers_user_idx" ON "history_offers" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "history_offers_offered_by_idx" ON "history_offers" USING btree ("offered_by");--> statement-breakpoint
CREATE INDEX "history_offers_community_idx" ON "history_offers" USING btree ("community_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_session_sid_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_meeting_idx" ON "notifications" USING btree ("to_user_id","meeting_id") WHERE "notifications"."meeting_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");