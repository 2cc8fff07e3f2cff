CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"push" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"daily_reminder" boolean DEFAULT false NOT NULL,
	"reminder_email" boolean DEFAULT false NOT NULL,
	"reminder_time" text,
	"time_zone" text,
	"quiet_start" text,
	"quiet_end" text,
	"last_reminder_on" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;