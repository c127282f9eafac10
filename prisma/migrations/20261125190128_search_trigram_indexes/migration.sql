-- Substring search served by trigram indexes (issue 27): the public search matches
-- ILIKE '%q%' over title and excerpt, the dashboard's over titles. Without them every search
-- read the whole project. pg_trgm ships with PostgreSQL's contrib package and is a trusted
-- extension from PostgreSQL 13 (a database owner may create it); the embedded database loads
-- PGlite's build of it (scripts/lib/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "Post_title_trgm_idx" ON "Post" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Post_excerpt_trgm_idx" ON "Post" USING GIN ("excerpt" gin_trgm_ops);
