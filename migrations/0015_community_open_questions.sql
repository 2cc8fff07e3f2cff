ALTER TABLE "communities" ADD COLUMN "open_question_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "communities" SET "open_question_count" = (SELECT count(*) FROM "questions" WHERE "questions"."community_id" = "communities"."id" AND "questions"."status" IN ('Open', 'InProgress'));--> statement-breakpoint
CREATE FUNCTION "questions_count_open"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- What is open after the statement (new_questions) is added and what was open before (old_questions)
  -- taken off; an insert has no old rows and a delete no new ones (plpgsql plans each branch when it runs).
  IF TG_OP = 'INSERT' THEN
    UPDATE "communities" SET "open_question_count" = "open_question_count" + changed.delta
    FROM (SELECT "community_id", count(*)::int AS delta FROM new_questions WHERE "status" IN ('Open', 'InProgress') GROUP BY "community_id") AS changed
    WHERE "communities"."id" = changed."community_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "communities" SET "open_question_count" = "open_question_count" - changed.delta
    FROM (SELECT "community_id", count(*)::int AS delta FROM old_questions WHERE "status" IN ('Open', 'InProgress') GROUP BY "community_id") AS changed
    WHERE "communities"."id" = changed."community_id";
  ELSE
    UPDATE "communities" SET "open_question_count" = "open_question_count" + changed.delta
    FROM (
      SELECT "community_id", sum(delta)::int AS delta FROM (
        SELECT "community_id", 1 AS delta FROM new_questions WHERE "status" IN ('Open', 'InProgress')
        UNION ALL
        SELECT "community_id", -1 AS delta FROM old_questions WHERE "status" IN ('Open', 'InProgress')
      ) AS each_question GROUP BY "community_id"
    ) AS changed
    WHERE "communities"."id" = changed."community_id" AND changed.delta <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "questions_count_insert" AFTER INSERT ON "questions" REFERENCING NEW TABLE AS new_questions FOR EACH STATEMENT EXECUTE FUNCTION "questions_count_open"();--> statement-breakpoint
CREATE TRIGGER "questions_count_update" AFTER UPDATE ON "questions" REFERENCING OLD TABLE AS old_questions NEW TABLE AS new_questions FOR EACH STATEMENT EXECUTE FUNCTION "questions_count_open"();--> statement-breakpoint
CREATE TRIGGER "questions_count_delete" AFTER DELETE ON "questions" REFERENCING OLD TABLE AS old_questions FOR EACH STATEMENT EXECUTE FUNCTION "questions_count_open"();
