-- CreateTable
CREATE TABLE "PostPublicCount" (
    "ownerId" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "PostPublicCount_pkey" PRIMARY KEY ("ownerId")
);

-- Hand-written (Prisma does not model triggers): keep "PostPublicCount" exact on every write to
-- "Post". Statement-level with transition tables, so a bulk statement touches the counter once per
-- owner, and an edit that leaves status and visibility alone does not touch it at all.
CREATE FUNCTION "post_public_count_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "PostPublicCount" ("ownerId", "count")
    SELECT "ownerId", count(*)::int FROM new_rows
    WHERE status = 'published' AND visibility = 'public'
    GROUP BY "ownerId"
    ON CONFLICT ("ownerId") DO UPDATE SET "count" = "PostPublicCount"."count" + EXCLUDED."count";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "PostPublicCount" AS c SET "count" = c."count" - d.n
    FROM (
      SELECT "ownerId", count(*)::int AS n FROM old_rows
      WHERE status = 'published' AND visibility = 'public'
      GROUP BY "ownerId"
    ) AS d
    WHERE c."ownerId" = d."ownerId";
  ELSE
    INSERT INTO "PostPublicCount" ("ownerId", "count")
    SELECT "ownerId", sum(delta)::int FROM (
      SELECT "ownerId", 1 AS delta FROM new_rows WHERE status = 'published' AND visibility = 'public'
      UNION ALL
      SELECT "ownerId", -1 AS delta FROM old_rows WHERE status = 'published' AND visibility = 'public'
    ) AS changes
    GROUP BY "ownerId"
    HAVING sum(delta) <> 0
    ON CONFLICT ("ownerId") DO UPDATE SET "count" = "PostPublicCount"."count" + EXCLUDED."count";
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "post_public_count_insert" AFTER INSERT ON "Post"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "post_public_count_sync"();

CREATE TRIGGER "post_public_count_update" AFTER UPDATE ON "Post"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "post_public_count_sync"();

CREATE TRIGGER "post_public_count_delete" AFTER DELETE ON "Post"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "post_public_count_sync"();

INSERT INTO "PostPublicCount" ("ownerId", "count")
SELECT "ownerId", count(*)::int FROM "Post"
WHERE status = 'published' AND visibility = 'public'
GROUP BY "ownerId";
