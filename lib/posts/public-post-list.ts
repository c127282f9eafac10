// GET /api/posts/by-username/:project – the public list. The ETag comes first and cheaply, from
// one statement (listPageKeys): the page's keys (ids, updatedAt of each post and of its owner)
// and, for the envelope, the total. The posts are loaded and rendered only when the client does
// not already hold that ETag. Every write to a post moves its updatedAt (tags and co-authors
// included), so a changed, added, removed, newly visible (scheduled) or reordered post, or a
// change to a listed author's profile, changes the key; nothing else does.
import { projectTag } from "../cache/cache-tags";
import { listPageKeys } from "./list-page-keys";
import { loadPosts } from "./load-posts";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, type PublicListQuery } from "./public-read-queries";
import { publicNotFound, strongEtag } from "./public-http";
import { toPosts } from "./to-post";

/**
 * `envelope` overrides what the query implies (page or perPage given): a caller that sets perPage
 * but shows no page info (the feeds) asks for the bare list and so has no total counted.
 */
export async function publicPostList(options: { username: string; query: PublicListQuery; now?: Date; envelope?: boolean }) {
  const { query } = options;
  const now = options.now ?? new Date();
  const envelope = options.envelope ?? (query.page !== undefined || query.perPage !== undefined);
  const page = query.page ?? 1;
  const perPage = Math.min(query.perPage ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);

  const { projectId, projectDisplayName, total, keys } = await listPageKeys({
    username: options.username,
    now,
    sort: query.sort,
    skip: (page - 1) * perPage,
    take: perPage,
    tag: query.tag,
    withTotal: envelope,
  });
  if (projectId === null) throw publicNotFound("User not found");
  const etag = strongEtag([
    "list",
    projectId,
    { format: query.format, sort: query.sort, tag: query.tag ?? null, envelope, page, perPage, total },
    keys,
  ]);

  const body = async () => {
    const rows = await loadPosts(keys.map(([id]) => id), { visibleAt: now });
    const posts = await toPosts(rows, query.format);
    if (!envelope) return posts;
    return { posts, pageInfo: { total, page, perPage, hasMore: page * perPage < (total ?? 0) } };
  };
  return { etag, body, projectId, projectDisplayName, total, page, perPage, cacheTags: [projectTag(projectId)] };
}

