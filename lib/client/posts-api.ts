// The post endpoints the dashboard calls (SPEC "Post writes", DASHBOARD.md), through the SDK.
import { viaSdk } from "./api-client";

export type BulkAction = "publish" | "unpublish" | "delete";
export type BulkResult = { id: string; status: 200; changed: boolean } | { id: string; status: 404; error: string };

export async function createDraft(input: { title: string; slug: string }): Promise<{ id: string }> {
  return viaSdk((inkbase) => inkbase.posts.create({ ...input, status: "draft" }));
}

/**
 * PATCH with `If-Match`: resolves with the post's new ETag. A post changed elsewhere rejects with
 * an ApiRequestError of status 412 whose body carries the `current` post.
 */
export async function patchPost(id: string, patch: Record<string, unknown>, options: { etag: string | null; keepalive?: boolean }): Promise<string | null> {
  const { etag } = await viaSdk((inkbase) => inkbase.posts.update(id, patch, { ifMatch: options.etag, keepalive: options.keepalive }));
  return etag;
}

export async function getOwnerPost<T>(id: string): Promise<{ post: T; etag: string | null }> {
  const { post, etag } = await viaSdk((inkbase) => inkbase.posts.getWithEtag(id));
  return { post: post as T, etag };
}

export async function deletePost(id: string): Promise<void> {
  await viaSdk((inkbase) => inkbase.posts.delete(id));
}

export async function bulkPosts(ids: string[], action: BulkAction): Promise<{ affected: number; results: BulkResult[] }> {
  const { affected, results } = await viaSdk((inkbase) => inkbase.posts.bulk({ ids, action }, { representation: true }));
  return { affected, results: results ?? [] };
}

export async function setShowOnBlog(id: string, showOnBlog: boolean): Promise<void> {
  await viaSdk((inkbase) => inkbase.posts.setShowOnBlog(id, showOnBlog));
}
