CREATE INDEX "care_reach_outs_member_only_idx" ON "care_reach_outs" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "care_reach_outs_reached_by_idx" ON "care_reach_outs" USING btree ("reached_by");--> statement-breakpoint
CREATE INDEX "care_weekly_words_commander_idx" ON "care_weekly_words" USING btree ("commander_id");--> statement-breakpoint
CREATE INDEX "care_weekly_words_sent_idx" ON "care_weekly_words" USING btree ("sent_at");