// GET /api/posts/by-username/:project/search – a case-insensitive substring match over title and
// excerpt of the project's own visible posts (not co-authored ones), newest first, as a bare
// array. At most 50 results: a search is not a way to page through a whole project.
import type { ContentFormat } from "../content/content-format";
import { db } from "../db";
import { findProject } from "./find-project";
import { POST_INCLUDE } from "./post-include";
import { toPost, type PostResponse } from "./to-post";

export const MAX_SEARCH_RESULTS = 50;

export async function searchPublicPosts(options: {
  username: string;
  q: string;
  format: ContentFormat;
  now?: Date;
}): Promise<PostResponse[]> {
  const now = options.now ?? new Date();
  const project = await findProject(options.username);
  // Prisma's `contains` is a LIKE: wildcards in the query must match themselves.
  const q = options.q.replace(/[\\%_]/g, (char) => `\\${char}`);
  const rows = await db().post.findMany({
    where: {
      ownerId: project.id,
      status: "published",
      visibility: "public",
      publishedAt: { lte: now },
      OR: [
        { title: { contains: q, mode: "insensitive" } },
        { excerpt: { contains: q, mode: "insensitive" } },
      ],
    },
    include: POST_INCLUDE,
    orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    take: MAX_SEARCH_RESULTS,
  });
  return rows.map((row) => toPost(row, options.format));
}
