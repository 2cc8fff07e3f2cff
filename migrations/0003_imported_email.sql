DROP INDEX "users_email_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "users_imported_email_unique" ON "users" USING btree ("email") WHERE "users"."is_imported";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email") WHERE NOT "users"."is_imported";