ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "browser_locale" text;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "default_locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_known" CHECK ("users"."locale" IS NULL OR "users"."locale" IN ('en', 'es', 'pt-BR', 'ko'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_browser_locale_known" CHECK ("users"."browser_locale" IS NULL OR "users"."browser_locale" IN ('en', 'es', 'pt-BR', 'ko'));--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_default_locale_known" CHECK ("communities"."default_locale" IS NULL OR "communities"."default_locale" IN ('en', 'es', 'pt-BR', 'ko'));