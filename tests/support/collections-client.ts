// HTTP helpers for the collections API tests: a Pro owner with a key, and a tiny client that
// returns status, parsed body and headers.
import { inject } from "vitest";
import type { Scope } from "../../lib/auth/scopes";
import { createTestKey, createTestUser, uniqueName } from "./fixtures";

export const COLLECTION_SCOPES: Scope[] = ["collections:read", "collections:write", "collections:delete"];

export type Reply<T = any> = { status: number; body: T; headers: Headers }; // eslint-disable-line @typescript-eslint/no-explicit-any

export type Client = {
  call<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any
};

export function client(auth: { key?: string; cookie?: string }, baseUrl = inject("baseUrl")): Client {
  return {
    async call(method, path, body, headers = {}) {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(auth.key ? { Authorization: `Bearer ${auth.key}` } : {}),
          ...(auth.cookie ? { Cookie: auth.cookie } : {}),
          ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      return { status: res.status, body: parsed as never, headers: res.headers };
    },
  };
}

/** A Pro account with a key holding every collections scope (or the given ones). */
export async function proOwner(scopes: Scope[] = COLLECTION_SCOPES) {
  const user = await createTestUser({ plan: "pro" });
  const key = await createTestKey(user.id, scopes);
  return { user, key, api: client({ key }) };
}

export const ARTICLE_SCHEMA = {
  title: "Articles",
  fields: [
    { name: "title", type: "string", required: true },
    { name: "slug", type: "slug" },
    { name: "summary", type: "text" },
    { name: "tag", type: "string" },
  ],
  indexes: { slug: "slug", title: "title", summary: "summary", tag: "tag" },
};

/** Creates a collection (default: the article schema) and returns its id. */
export async function makeCollection(api: Client, body: Record<string, unknown> = {}): Promise<string> {
  const slug = uniqueName("c");
  const res = await api.call("POST", "/api/collections", { name: "Test", slug, schema: ARTICLE_SCHEMA, ...body });
  if (res.status !== 201) throw new Error(`collection create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export async function makeEntry(api: Client, collectionId: string, data: Record<string, unknown>, label?: string): Promise<string> {
  const res = await api.call("POST", `/api/collections/${collectionId}/entries`, { data, ...(label ? { label } : {}) });
  if (res.status !== 201) throw new Error(`entry create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export const entryPath = (collectionId: string, entryId: string) => `/api/collections/${collectionId}/entries/${entryId}`;
