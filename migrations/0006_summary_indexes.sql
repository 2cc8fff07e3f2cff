DROP INDEX "daily_logs_community_month_idx";--> statement-breakpoint
CREATE INDEX "questions_community_status_idx" ON "questions" USING btree ("community_id","status");--> statement-breakpoint
CREATE INDEX "daily_logs_member_summary_idx" ON "daily_logs" USING btree ("community_id","user_id","year","month","completed_count","updated_at","day_marks");--> statement-breakpoint
CREATE INDEX "daily_logs_community_month_idx" ON "daily_logs" USING btree ("community_id","year","month","user_id","completed_count");