// A storm of concurrent writes with one API key, and the ledger of what the server acknowledged.
// Each worker writes to its own posts and entries one request at a time (post create and title
// PATCH, entry create and PATCH, moves of the entry's `production` label), so for every object
// the ledger knows the acknowledged history in order, plus at most one write that was in flight
// when the server died: that one may or may not have committed, and nothing else is uncertain.
import { randomBytes } from "node:crypto";

export type PostRecord = { slug: string; id?: string; titles: string[]; pendingTitle?: string };
export type EntryRecord = {
  marker: string;
  id?: string;
  /** Acknowledged versions (1 = the create) with the data each was written with. */
  versions: Map<number, Record<string, unknown>>;
  pendingData?: Record<string, unknown>;
  /** Acknowledged moves of `production`, in order (version numbers). */
  labelMoves: number[];
  pendingLabel?: number;
};

export type Ledger = {
  posts: PostRecord[];
  entries: EntryRecord[];
  acknowledged: number;
  /** Requests sent and not yet answered, right now. */
  inFlight: number;
  /** Answers that were neither 2xx nor a dead connection: a bug, whatever the timing. */
  unexpected: string[];
};

export const SCHEMA = {
  title: "Storm",
  fields: [
    { name: "title", type: "string", required: true },
    { name: "summary", type: "text" },
  ],
  indexes: { title: "title", summary: "summary" },
};

const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
const lastVersion = (entry: EntryRecord) => Math.max(...entry.versions.keys());

/**
 * Runs `workers` writers against `baseUrl` until a request dies with the server (or gets an
 * unexpected answer). `onAck` sees every acknowledged write: the crash test kills from there.
 */
export async function runWriteStorm(options: {
  baseUrl: string;
  key: string;
  collectionId: string;
  workers: number;
  runId: string;
  onAck(ledger: Ledger): void;
}): Promise<Ledger> {
  const { baseUrl, key, collectionId, runId } = options;
  const ledger: Ledger = { posts: [], entries: [], acknowledged: 0, inFlight: 0, unexpected: [] };
  let dead = false;

  /** The body of a 2xx, or null when the connection died (the write's fate is unknown). */
  async function write(method: string, path: string, body: unknown, expected: number): Promise<Record<string, unknown> | null> {
    if (dead) return null;
    let res: Response | null = null;
    let text: string | null = null;
    ledger.inFlight++;
    try {
      res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      text = await res.text();
    } catch {
      // refused, reset or cut off with the server
    } finally {
      ledger.inFlight--;
    }
    if (res === null || text === null) {
      dead = true; // the answer was cut off with the server: not an acknowledgement
      return null;
    }
    if (res.status !== expected) {
      ledger.unexpected.push(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
      dead = true;
      return null;
    }
    ledger.acknowledged++;
    options.onAck(ledger);
    return JSON.parse(text) as Record<string, unknown>;
  }

  async function worker(w: number): Promise<void> {
    for (let round = 0; !dead; round++) {
      const tag = `${runId}-w${w}-r${round}`;
      const post: PostRecord = { slug: `storm-${tag}`, titles: [], pendingTitle: `Post ${tag} #0` };
      ledger.posts.push(post);
      const created = await write("POST", "/api/posts", { title: post.pendingTitle, slug: post.slug, status: "published", content: doc(`Body of ${tag}`) }, 201);
      if (!created) return;
      post.id = created.id as string;
      post.titles.push(post.pendingTitle!);
      post.pendingTitle = undefined;

      const entry: EntryRecord = { marker: `Entry ${tag}`, versions: new Map(), labelMoves: [], pendingData: { title: `Entry ${tag}`, summary: "v1" } };
      ledger.entries.push(entry);
      const made = await write("POST", `/api/collections/${collectionId}/entries`, { data: entry.pendingData }, 201);
      if (!made) return;
      entry.id = made.id as string;
      entry.versions.set(1, entry.pendingData!);
      entry.pendingData = undefined;

      // Two PATCHes of each object and two label moves per round: a few versions per entry,
      // well inside the 10 the API retains, so every acknowledged version can be read back.
      for (let step = 1; step <= 2 && !dead; step++) {
        const title = `Post ${tag} #${step} ${randomBytes(3).toString("hex")}`;
        post.pendingTitle = title;
        if (!(await write("PATCH", `/api/posts/${post.id}`, { title }, 200))) return;
        post.titles.push(title);
        post.pendingTitle = undefined;

        const data = { title: entry.marker, summary: `v${lastVersion(entry) + 1} ${randomBytes(3).toString("hex")}` };
        entry.pendingData = data;
        const patched = await write("PATCH", `/api/collections/${collectionId}/entries/${entry.id}`, { data }, 200);
        if (!patched) return;
        const version = Number(String(patched.version).replace(/^v_/, ""));
        entry.versions.set(version, data);
        entry.pendingData = undefined;

        entry.pendingLabel = version;
        if (!(await write("PUT", `/api/collections/${collectionId}/entries/${entry.id}/labels/production`, { version: `v_${version}` }, 200))) return;
        entry.labelMoves.push(version);
        entry.pendingLabel = undefined;
      }
    }
  }

  await Promise.all(Array.from({ length: options.workers }, (_, w) => worker(w)));
  return ledger;
}
