// GET /api/posts/by-username/:project/tags – `{ name, slug, count }` over the project's own
// visible posts, count descending then name; tags without a visible post are left out (they would
// reveal drafts). The counts are one grouped query, and the ETag is derived from the result.
import { projectTag } from "../cache/cache-tags";
import { db } from "../db";
import { findProject } from "./find-project";
import { strongEtag } from "./public-http";
import { visibleSql } from "./visible-post-sql";

export type TagCount = { name: string; slug: string; count: number };

export async function publicTagCounts(options: { username: string; now?: Date }) {
  const now = options.now ?? new Date();
  const project = await findProject(options.username);
  const tags = await db().$queryRaw<TagCount[]>`
    SELECT t.name, t.slug, count(*)::int AS count
    FROM "Tag" t
    JOIN "PostTag" pt ON pt."tagId" = t.id
    JOIN "Post" p ON p.id = pt."postId"
    WHERE t."ownerId" = ${project.id} AND p."ownerId" = ${project.id} AND ${visibleSql(now)}
    GROUP BY t.id, t.name, t.slug
    ORDER BY count DESC, t.name ASC, t.slug ASC`;
  return { etag: strongEtag(["tags", project.id, tags]), body: () => tags, cacheTags: [projectTag(project.id)] };
}
