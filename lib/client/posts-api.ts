// The post endpoints the dashboard calls (SPEC "Post writes", DASHBOARD.md).
import { apiRequest } from "./api-client";

export type BulkAction = "publish" | "unpublish" | "delete";
export type BulkResult = { id: string; status: 200; changed: boolean } | { id: string; status: 404; error: string };

export async function createDraft(input: { title: string; slug: string }): Promise<{ id: string }> {
  return (await apiRequest<{ id: string }>("POST", "/api/posts", { body: { ...input, status: "draft" } })).data;
}

/**
 * PATCH with `If-Match`: resolves with the post's new ETag. A post changed elsewhere rejects with
 * an ApiRequestError of status 412 whose body carries the `current` post.
 */
export async function patchPost(id: string, patch: Record<string, unknown>, options: { etag: string | null; keepalive?: boolean }): Promise<string | null> {
  const headers: Record<string, string> = options.etag ? { "If-Match": options.etag } : {};
  const { headers: responseHeaders } = await apiRequest<{ success: true }>("PATCH", `/api/posts/${encodeURIComponent(id)}`, {
    body: patch,
    headers,
    keepalive: options.keepalive,
  });
  return responseHeaders.get("etag");
}

export async function getOwnerPost<T>(id: string): Promise<{ post: T; etag: string | null }> {
  const { data, headers } = await apiRequest<T>("GET", `/api/posts/${encodeURIComponent(id)}`);
  return { post: data, etag: headers.get("etag") };
}

export async function deletePost(id: string): Promise<void> {
  await apiRequest("DELETE", `/api/posts/${encodeURIComponent(id)}`);
}

export async function bulkPosts(ids: string[], action: BulkAction): Promise<{ affected: number; results: BulkResult[] }> {
  const { data } = await apiRequest<{ affected: number; results: BulkResult[] }>("POST", "/api/posts/bulk", {
    body: { ids, action },
    headers: { Prefer: "return=representation" },
  });
  return data;
}

export async function setShowOnBlog(id: string, showOnBlog: boolean): Promise<void> {
  await apiRequest("PUT", `/api/posts/${encodeURIComponent(id)}/coauthorship`, { body: { showOnBlog } });
}
