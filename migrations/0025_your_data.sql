ALTER TABLE "communities" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_idx" ON "audit_logs" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "audit_logs_entity_idx" ON "audit_logs" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "email_tokens_expires_idx" ON "email_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "communities_closes_at_idx" ON "communities" USING btree ("closes_at") WHERE "communities"."closes_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "history_offers_expires_idx" ON "history_offers" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_done_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."sent_at" IS NOT NULL OR "mail_outbox"."failed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_recipient_idx" ON "mail_outbox" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "actor_label" text;--> statement-breakpoint
CREATE INDEX "care_reach_outs_reached_at_idx" ON "care_reach_outs" USING btree ("reached_at");