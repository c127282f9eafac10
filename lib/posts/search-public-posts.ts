// GET /api/posts/by-username/:project/search – a case-insensitive substring match over title and
// excerpt of the project's own visible posts (not co-authored ones), newest first, as a bare
// array. At most 50 results: a search is not a way to page through a whole project. The matching
// ids come from one statement served by trigram indexes (search-post-ids.ts), the posts from the
// public reads' loader.
import type { ContentFormat } from "../content/content-format";
import { findSearchProject } from "./find-search-project";
import { loadPosts } from "./load-posts";
import { searchPostIds } from "./search-post-ids";
import { toPosts, type PostResponse } from "./to-post";

export const MAX_SEARCH_RESULTS = 50;

export async function searchPublicPosts(options: {
  username: string;
  q: string;
  format: ContentFormat;
  now?: Date;
  /** Told the project's id once it is found (the route tags its answer with it). */
  onProject?: (projectId: string) => void;
}): Promise<PostResponse[]> {
  const now = options.now ?? new Date();
  const project = await findSearchProject(options.username);
  options.onProject?.(project.id);
  const ids = await searchPostIds({ ownerId: project.id, wordsFirst: project.wordsFirst, q: options.q, now, limit: MAX_SEARCH_RESULTS });
  const rows = await loadPosts(ids, { visibleAt: now });
  return toPosts(rows, options.format);
}
