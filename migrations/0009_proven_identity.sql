CREATE TABLE "email_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"imported_user_id" uuid,
	"credential_version" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"headers" jsonb,
	"kind" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_imported_email_unique";--> statement-breakpoint
DROP INDEX "users_display_name_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "imported_community_id" uuid;--> statement-breakpoint
-- Each imported record belongs to the community that imported it: the first community it is a member of.
UPDATE "users" SET "imported_community_id" = (SELECT m."community_id" FROM "memberships" m WHERE m."user_id" = "users"."id" ORDER BY m."created_at", m."id" LIMIT 1) WHERE "is_imported";--> statement-breakpoint
-- Google vouched for the e-mail of every account signed in with it; a password account has proven nothing yet.
UPDATE "users" SET "email_verified_at" = now() WHERE EXISTS (SELECT 1 FROM "auth_identities" i WHERE i."user_id" = "users"."id" AND i."provider" = 'google');--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_imported_user_id_users_id_fk" FOREIGN KEY ("imported_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_hash_unique" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" IS NULL AND "mail_outbox"."failed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_imported_community_id_communities_id_fk" FOREIGN KEY ("imported_community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_imported_display_name_unique" ON "users" USING btree ("imported_community_id",lower("display_name")) WHERE "users"."is_imported";--> statement-breakpoint
CREATE UNIQUE INDEX "users_imported_email_unique" ON "users" USING btree ("imported_community_id","email") WHERE "users"."is_imported";--> statement-breakpoint
CREATE UNIQUE INDEX "users_display_name_unique" ON "users" USING btree (lower("display_name")) WHERE NOT "users"."is_imported";