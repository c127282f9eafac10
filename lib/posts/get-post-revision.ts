// GET /api/posts/:id/revisions/:revision?format=: the whole snapshot, `rendered` like a post read.
import type { ContentFormat } from "../content/content-format";
import { loadRenderers } from "../content/render-content";
import { findPostRevision } from "./find-post-revision";
import type { PostRevisionResponse } from "./revision-response";
import { toRevision } from "./to-revision";

export async function getPostRevision(options: { ownerId: string; postId: string; revision: number; format: ContentFormat }): Promise<PostRevisionResponse> {
  const [row] = await Promise.all([findPostRevision(options), options.format === "tiptap" ? undefined : loadRenderers()]);
  return toRevision(row, options.format);
}
