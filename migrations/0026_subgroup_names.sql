-- Names that differ only in case within a community (accepted until now): the oldest keeps its name, the others
-- get a part of their id, unique by construction, so the index below can be built. A moderator renames them.
WITH ranked AS (
  SELECT id, row_number() OVER (PARTITION BY community_id, lower(name) ORDER BY created_at, id) AS place FROM subgroups
)
UPDATE "subgroups" SET "name" = "subgroups"."name" || ' (' || left("subgroups"."id"::text, 8) || ')'
FROM ranked WHERE ranked.id = "subgroups"."id" AND ranked.place > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "subgroups_community_name_unique" ON "subgroups" USING btree ("community_id",lower("name"));
