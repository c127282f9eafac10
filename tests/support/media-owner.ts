// The scaffolding of the media API tests (tests/api/media*.test.ts): an owner with a key and
// the calls they make (JSON, both one-request uploads), and where the shared test server keeps
// and serves local media.
import path from "node:path";
import { expect, inject } from "vitest";
import type { Scope } from "../../lib/auth/scopes";
import type { MediaResponse } from "../../lib/media/to-media";
import { createTestKey, createTestUser } from "./fixtures";
import { baseUrl } from "./posts-api";

const ALL: Scope[] = ["media:read", "media:write", "posts:read", "posts:write"];

export async function owner(scopes: Scope[] = ALL, plan: "free" | "pro" = "free") {
  const user = await createTestUser({ plan });
  const key = await createTestKey(user.id, scopes);
  const auth = { Authorization: `Bearer ${key}` };
  const call = (method: string, p: string, body?: unknown) =>
    fetch(`${baseUrl()}${p}`, { method, headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  /** The one-request upload, multipart. */
  const upload = (data: Uint8Array, filename: string, options: { alt?: string; type?: string } = {}) => {
    const form = new FormData();
    form.set("file", new File([data as Uint8Array<ArrayBuffer>], filename, { type: options.type ?? "" }));
    if (options.alt) form.set("alt", options.alt);
    return fetch(`${baseUrl()}/api/media`, { method: "POST", headers: auth, body: form });
  };
  /** The one-request upload, raw bytes. */
  const uploadRaw = (data: Uint8Array, filename: string, contentType = "application/octet-stream") =>
    fetch(`${baseUrl()}/api/media?filename=${encodeURIComponent(filename)}`, { method: "POST", headers: { ...auth, "Content-Type": contentType }, body: data as Uint8Array<ArrayBuffer> });
  const created = async (res: Response) => {
    const text = await res.text();
    expect(res.status, text).toBe(201);
    return JSON.parse(text) as MediaResponse;
  };
  return { user, key, auth, call, upload, uploadRaw, created };
}

/** Node's Buffer, typed as the body fetch takes. */
export const bytes = (buffer: Uint8Array) => buffer as Uint8Array<ArrayBuffer>;
export const localPath = (url: string) => new URL(url).pathname;
/** The shared server's local media folder (DATA_DIR/media). */
export const mediaDir = (...parts: string[]) => path.join(inject("dataDir"), "media", ...parts);

export async function served(url: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl()}${localPath(url)}`, { headers });
}
