-- Notifications are written in their reader's language from now on (issue 43), so the bell can no longer tell
-- an application, a claimed or offered history or a community closing by its English title: each has its own
-- type. Older rows, written in English, get theirs here.
UPDATE "notifications" SET "type" = 'application' WHERE "type" = 'other' AND "title" = 'New application';--> statement-breakpoint
UPDATE "notifications" SET "type" = 'history_claimed' WHERE "type" = 'other' AND "title" = 'History claimed';--> statement-breakpoint
UPDATE "notifications" SET "type" = 'history_offered' WHERE "type" = 'other' AND "title" IN ('History offered to you', 'Your history was linked');--> statement-breakpoint
UPDATE "notifications" SET "type" = 'community' WHERE "type" = 'other' AND "title" IN ('Community closing', 'Community reopened');
