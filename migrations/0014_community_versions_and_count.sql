ALTER TABLE "communities" ADD COLUMN "change_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "communities" SET "member_count" = (SELECT count(*) FROM "memberships" WHERE "memberships"."community_id" = "communities"."id");--> statement-breakpoint
CREATE FUNCTION "memberships_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "communities" SET "member_count" = "member_count" + added.n
  FROM (SELECT "community_id", count(*)::int AS n FROM new_memberships GROUP BY "community_id") AS added
  WHERE "communities"."id" = added."community_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "memberships_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "communities" SET "member_count" = "member_count" - removed.n
  FROM (SELECT "community_id", count(*)::int AS n FROM old_memberships GROUP BY "community_id") AS removed
  WHERE "communities"."id" = removed."community_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "memberships_count_insert" AFTER INSERT ON "memberships" REFERENCING NEW TABLE AS new_memberships FOR EACH STATEMENT EXECUTE FUNCTION "memberships_count_added"();--> statement-breakpoint
CREATE TRIGGER "memberships_count_delete" AFTER DELETE ON "memberships" REFERENCING OLD TABLE AS old_memberships FOR EACH STATEMENT EXECUTE FUNCTION "memberships_count_removed"();--> statement-breakpoint
CREATE FUNCTION "memberships_community_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."community_id" IS DISTINCT FROM OLD."community_id" THEN
    RAISE EXCEPTION 'a membership does not move between communities (communities.member_count counts them)';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "memberships_community_fixed" BEFORE UPDATE OF "community_id" ON "memberships" FOR EACH ROW EXECUTE FUNCTION "memberships_community_fixed"();
