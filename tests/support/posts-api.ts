// Helpers for the posts API tests: an owner with a key, HTTP calls with that key, public reads
// from a client IP of their own (the public limit is 60 a minute per IP), and small documents.
import { randomInt } from "node:crypto";
import { inject } from "vitest";
import type { Scope } from "../../lib/auth/scopes";
import type { PostResponse } from "../../lib/posts/to-post";
import { createTestKey, createTestUser, uniqueName } from "./fixtures";

export const POST_SCOPES: Scope[] = ["posts:read", "posts:write", "posts:delete"];

export const baseUrl = () => inject("baseUrl");

/** A client IP nobody else uses, so a test's public reads have the whole per-IP budget. */
export function uniqueIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
export const doc = (...texts: string[]) => ({ type: "doc", content: texts.map(paragraph) });

export type Owner = Awaited<ReturnType<typeof createOwner>>;

export async function createOwner(scopes: Scope[] = POST_SCOPES) {
  const user = await createTestUser();
  const key = await createTestKey(user.id, scopes);
  const ip = uniqueIp();
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** POST /api/posts and return the new id (fails the test on anything but 201). */
  const create = async (body: Record<string, unknown> = {}) => {
    const res = await call("POST", "/api/posts", { title: "A post", slug: uniqueName("post"), ...body });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: string }).id;
  };
  const patch = (id: string, body: unknown) => call("PATCH", `/api/posts/${id}`, body);
  const get = async (id: string, format?: string) => {
    const res = await call("GET", `/api/posts/${id}${format ? `?format=${format}` : ""}`);
    if (res.status !== 200) throw new Error(`get failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as PostResponse;
  };
  /** A public read of this owner's project, from this owner's own test IP. */
  const read = (path = "", headers: Record<string, string> = {}) =>
    fetch(`${baseUrl()}/api/posts/by-username/${user.username}${path}`, { headers: { "X-Forwarded-For": ip, ...headers } });
  return { user, key, ip, call, create, patch, get, read };
}

/** A public read from a fresh IP. */
export function publicGet(path: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl()}${path}`, { headers: { "X-Forwarded-For": uniqueIp(), ...headers } });
}

/** The server's PUBLIC_BASE_URL: unset in the test run, so http://localhost:<its port> (DECISIONS §1). */
export function serverPublicBaseUrl(): string {
  return `http://localhost:${new URL(baseUrl()).port}`;
}
