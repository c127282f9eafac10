-- CreateTable
CREATE TABLE "PostRevision" (
    "postId" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "restoredFrom" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT NOT NULL,
    "actorPrefix" TEXT,
    "title" TEXT NOT NULL,
    "subtitle" TEXT,
    "excerpt" TEXT NOT NULL,
    "excerptAuto" BOOLEAN NOT NULL,
    "content" JSONB NOT NULL,
    "slug" TEXT NOT NULL,
    "tags" JSONB NOT NULL,
    "coauthors" JSONB NOT NULL,
    "coverImage" TEXT,
    "featured" BOOLEAN NOT NULL,
    "visibility" "PostVisibility" NOT NULL,
    "status" "PostStatus" NOT NULL,
    "publishedAt" TIMESTAMP(3),
    "seoTitle" TEXT,
    "seoDescription" TEXT,
    "canonicalUrl" TEXT,
    "ogTitle" TEXT,
    "ogDescription" TEXT,
    "ogImage" TEXT,
    "twitterTitle" TEXT,
    "twitterDescription" TEXT,
    "twitterImage" TEXT,
    "robots" TEXT,
    "wordCount" INTEGER NOT NULL,

    CONSTRAINT "PostRevision_pkey" PRIMARY KEY ("postId","revision")
);

-- AddForeignKey
ALTER TABLE "PostRevision" ADD CONSTRAINT "PostRevision_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every existing post starts its history with one revision of how it is now (written by hand:
-- otherwise its first edit would be the first thing kept, and what it overwrote would be lost).
-- The owner is its actor; the word count is the SQL form of lib/content/word-count.ts (words of
-- adjacent text runs of one block are counted apart, close enough for this one-off row).
INSERT INTO "PostRevision" (
    "postId", "revision", "reason", "createdAt", "startedAt", "actorType", "actorId",
    "title", "subtitle", "excerpt", "excerptAuto", "content", "slug", "tags", "coauthors",
    "coverImage", "featured", "visibility", "status", "publishedAt",
    "seoTitle", "seoDescription", "canonicalUrl", "ogTitle", "ogDescription", "ogImage",
    "twitterTitle", "twitterDescription", "twitterImage", "robots", "wordCount")
SELECT p."id", 1, CASE WHEN p."status" = 'published' THEN 'publish' ELSE 'create' END, p."updatedAt", p."updatedAt", 'user', p."ownerId",
    p."title", p."subtitle", p."excerpt", p."excerptAuto", p."content", p."slug",
    COALESCE((SELECT jsonb_agg(jsonb_build_object('name', t."name", 'slug', t."slug") ORDER BY t."slug")
              FROM "PostTag" pt JOIN "Tag" t ON t."id" = pt."tagId" WHERE pt."postId" = p."id"), '[]'::jsonb),
    COALESCE((SELECT jsonb_agg(CASE WHEN c."userId" IS NOT NULL THEN jsonb_build_object('userId', c."userId")
                                    ELSE jsonb_build_object('externalName', COALESCE(c."externalName", ''), 'externalHandle', c."externalHandle", 'externalUrl', c."externalUrl") END
                               ORDER BY c."position")
              FROM "PostCoauthor" c WHERE c."postId" = p."id"), '[]'::jsonb),
    p."coverImage", p."featured", p."visibility", p."status", p."publishedAt",
    p."seoTitle", p."seoDescription", p."canonicalUrl", p."ogTitle", p."ogDescription", p."ogImage",
    p."twitterTitle", p."twitterDescription", p."twitterImage", p."robots",
    (SELECT COALESCE(SUM(array_length(regexp_split_to_array(btrim(n->>'text'), '\s+'), 1)) FILTER (WHERE btrim(n->>'text') <> ''), 0)
     FROM jsonb_path_query(p."content", 'strict $.**') AS n
     WHERE jsonb_typeof(n) = 'object' AND n->>'type' = 'text')
FROM "Post" p;
