// Writes that emit webhook events, for the delivery tests: entries with several versions and a
// label move each (one ordering key per entry, events that must arrive in order) and posts with
// title PATCHes, spread over one or more servers (round robin) and run concurrently per object,
// each object written with one of `keys` (more keys, more writes within the per-key limit).
// Plus the check receivers care about: every event once, in order per key.
import { SCHEMA } from "./write-storm";
import type { ReceivedWebhook } from "./webhook-receiver";

export async function writeEventfulChanges(options: {
  baseUrls: string[];
  keys: string[];
  entries: number;
  posts: number;
  /** PATCHes per entry and per post. */
  patches: number;
}): Promise<{ requests: number }> {
  let requests = 0;
  const call = async (key: string, method: string, path: string, body: unknown, expected: number) => {
    const baseUrl = options.baseUrls[requests++ % options.baseUrls.length];
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status !== expected) throw new Error(`${method} ${path} via ${baseUrl}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const collectionId = `events-${Math.random().toString(36).slice(2, 8)}`;
  await call(options.keys[0], "POST", "/api/collections", { name: "Events", slug: collectionId, schema: SCHEMA }, 201);

  const entry = async (n: number) => {
    const key = options.keys[n % options.keys.length];
    const { id } = await call(key, "POST", `/api/collections/${collectionId}/entries`, { data: { title: `Entry ${n}`, summary: "v1" } }, 201);
    for (let v = 2; v <= options.patches + 1; v++) {
      await call(key, "PATCH", `/api/collections/${collectionId}/entries/${id}`, { data: { title: `Entry ${n}`, summary: `v${v}` } }, 200);
    }
    await call(key, "PUT", `/api/collections/${collectionId}/entries/${id}/labels/production`, { version: `v_${options.patches + 1}` }, 200);
  };
  const post = async (n: number) => {
    const key = options.keys[(options.entries + n) % options.keys.length];
    const { id } = await call(key, "POST", "/api/posts", { title: `Post ${n}`, slug: `events-${collectionId}-${n}`, status: "published" }, 201);
    for (let p = 1; p <= options.patches; p++) await call(key, "PATCH", `/api/posts/${id}`, { title: `Post ${n} #${p}` }, 200);
  };
  await Promise.all([...Array.from({ length: options.entries }, (_, n) => entry(n)), ...Array.from({ length: options.posts }, (_, n) => post(n))]);
  return { requests };
}

export type OutboxRow = { id: string; orderingKey: string };

/**
 * Problems with what a receiver got (answered 2xx) against the owner's outbox, in sequence
 * order: an event missing, delivered twice, or out of order within its ordering key.
 */
export function deliveryProblems(received: ReceivedWebhook[], outbox: OutboxRow[]): { problems: string[]; duplicates: number } {
  const problems: string[] = [];
  const ids = received.map((request) => request.json.id);
  const duplicates = ids.length - new Set(ids).size;
  if (duplicates) problems.push(`${duplicates} events delivered more than once`);
  const missing = outbox.filter((event) => !ids.includes(event.id));
  if (missing.length) problems.push(`${missing.length} events never delivered: ${missing.map((e) => e.id).join(", ")}`);
  const keys = new Set(outbox.map((event) => event.orderingKey));
  for (const key of keys) {
    const written = outbox.filter((event) => event.orderingKey === key).map((event) => event.id);
    const arrived = ids.filter((id) => written.includes(id));
    if (arrived.join() !== written.join()) problems.push(`${key}: arrived ${arrived.join(" ")}, written ${written.join(" ")}`);
  }
  return { problems, duplicates };
}
