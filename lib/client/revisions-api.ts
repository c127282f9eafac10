// The post history endpoints the editor's History panel calls (HISTORY.md), through the SDK.
import type { PostRevision, PostRevisionSummary } from "@inkbase/sdk";
import { viaSdk } from "./api-client";

export type { PostRevision, PostRevisionSummary };

export type RevisionPage = { data: PostRevisionSummary[]; pageInfo: { total: number; page: number; limit: number; hasMore: boolean } };

export async function listRevisions(postId: string, page = 1, limit = 20): Promise<RevisionPage> {
  return viaSdk((inkbase) => inkbase.posts.revisions.list(postId, { page, limit }));
}

export async function getRevision(postId: string, revision: number): Promise<PostRevision> {
  return viaSdk((inkbase) => inkbase.posts.revisions.get(postId, revision));
}

/**
 * Restores a revision with `If-Match`: resolves with the post and its new ETag. A post changed
 * elsewhere rejects with an ApiRequestError of status 412 whose body carries the `current` post.
 */
export async function restoreRevision<T>(postId: string, revision: number, etag: string | null): Promise<{ post: T; etag: string | null }> {
  const { post, etag: next } = await viaSdk((inkbase) => inkbase.posts.revisions.restore(postId, revision, { ifMatch: etag }));
  return { post: post as T, etag: next };
}
