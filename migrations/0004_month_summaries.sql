ALTER TABLE "daily_logs" ADD COLUMN "completed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_logs" ADD COLUMN "day_marks" text;