-- A subgroup is led only by a member who may lead it (Commander or an admin role, institution- and
-- server-wide rights counted). Demotions before this release left some leads behind: release them.
UPDATE "subgroups" s SET "commander_id" = NULL
WHERE s."commander_id" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "memberships" own
    WHERE own."community_id" = s."community_id" AND own."user_id" = s."commander_id"
      AND (
        own."roles" && ARRAY['Commander', 'CommunityModerator', 'InstitutionAdmin', 'SuperAdmin']::text[]
        OR EXISTS (SELECT 1 FROM "users" u WHERE u."id" = own."user_id" AND u."is_super_admin")
        OR EXISTS (
          SELECT 1 FROM "memberships" elsewhere
          JOIN "communities" there ON there."id" = elsewhere."community_id"
          JOIN "communities" here ON here."id" = s."community_id"
          WHERE elsewhere."user_id" = own."user_id" AND there."institution_id" = here."institution_id"
            AND 'InstitutionAdmin' = ANY(elsewhere."roles")
        )
      )
  );
