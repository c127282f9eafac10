// After a crash and restart: is everything the ledger says was acknowledged there, with the
// acknowledged content and version, and does every committed change (acknowledged or caught in
// flight) have exactly one outbox event, in order? Returns the problems found, for one readable
// assertion, and what it saw.
import { isDeepStrictEqual } from "node:util";
import type pg from "pg";
import type { EntryRecord, Ledger, PostRecord } from "./write-storm";

type EventRow = { type: string; orderingKey: string; body: { data: Record<string, any> } }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** `unresolved`: writes whose answer never came (in flight at the kill, or refused after it). */
export type Verdict = { problems: string[]; unresolved: number; unresolvedCommitted: number; events: number };

const last = <T>(list: T[]): T | undefined => list[list.length - 1];

export async function verifyLedger(options: {
  db: pg.Client;
  baseUrl: string;
  key: string;
  username: string;
  collectionId: string;
  runId: string;
  ledger: Ledger;
}): Promise<Verdict> {
  const { db, ledger } = options;
  const problems: string[] = [];
  const owner = (await db.query<{ id: string }>(`SELECT id FROM "User" WHERE username = $1`, [options.username])).rows[0];
  const events = (await db.query<EventRow>(`SELECT type, "orderingKey", body FROM "OutboxEvent" WHERE "ownerId" = $1 ORDER BY sequence`, [owner.id])).rows;
  const eventsFor = (key: string, types: string[]) => events.filter((e) => e.orderingKey === key && types.includes(e.type));
  let unresolved = 0;
  let unresolvedCommitted = 0;
  const settle = (pending: unknown, committed: boolean) => {
    if (pending === undefined) return;
    unresolved++;
    if (committed) unresolvedCommitted++;
  };

  // Posts: the row's title is the last committed one; its events carry every committed title once, in order.
  const posts = (await db.query<{ id: string; slug: string; title: string }>(`SELECT id, slug, title FROM "Post" WHERE "ownerId" = $1 AND slug LIKE $2`, [owner.id, `storm-${options.runId}-%`])).rows;
  const postBySlug = new Map(posts.map((row) => [row.slug, row]));
  for (const record of ledger.posts) {
    const row = postBySlug.get(record.slug);
    if (!row) {
      if (record.id) problems.push(`post ${record.slug}: acknowledged create lost`);
      else settle(record.pendingTitle, false);
      continue;
    }
    const pendingCommitted = record.pendingTitle !== undefined && row.title === record.pendingTitle;
    settle(record.pendingTitle, pendingCommitted);
    const committed = [...record.titles, ...(pendingCommitted ? [record.pendingTitle!] : [])];
    if (row.title !== last(committed)) problems.push(`post ${record.slug}: title ${JSON.stringify(row.title)}, acknowledged ${JSON.stringify(last(committed))}`);
    const titles = eventsFor(`post:${row.id}`, ["post.published", "post.updated"]);
    const expectedTypes = committed.map((_, i) => (i === 0 ? "post.published" : "post.updated"));
    if (!isDeepStrictEqual(titles.map((e) => e.body.data.post.title), committed) || !isDeepStrictEqual(titles.map((e) => e.type), expectedTypes)) {
      problems.push(`post ${record.slug}: events ${JSON.stringify(titles.map((e) => [e.type, e.body.data.post.title]))}, committed ${JSON.stringify(committed)}`);
    }
    if (record.id) await readPost(options, record, row.title, problems);
  }
  for (const row of posts) if (!ledger.posts.some((p) => p.slug === row.slug)) problems.push(`post ${row.slug}: never written by the storm`);

  // Entries: the row's version is the last committed one, every acknowledged version is stored
  // with its data, one entry.created/updated event per version and one label.updated per move.
  const entries = (
    await db.query<{ id: string; version: number; data: Record<string, unknown> }>(
      `SELECT e.id, e.version, e.data FROM "Entry" e JOIN "Collection" c ON c.pk = e."collectionPk" WHERE c."ownerId" = $1 AND c.slug = $2`,
      [owner.id, options.collectionId],
    )
  ).rows;
  const ids = entries.map((row) => row.id);
  const versions = (await db.query<{ entryId: string; version: number; data: Record<string, unknown> }>(`SELECT "entryId", version, data FROM "EntryVersion" WHERE "entryId" = ANY($1)`, [ids])).rows;
  const labels = (await db.query<{ entryId: string; version: number }>(`SELECT "entryId", version FROM "EntryLabel" WHERE name = 'production' AND "entryId" = ANY($1)`, [ids])).rows;
  const entryByMarker = new Map(entries.map((row) => [row.data.title as string, row]));
  for (const record of ledger.entries) {
    const row = entryByMarker.get(record.marker);
    if (!row) {
      if (record.id) problems.push(`${record.marker}: acknowledged create lost`);
      else settle(record.pendingData, false);
      continue;
    }
    const acked = record.versions.size ? Math.max(...record.versions.keys()) : 0;
    const pendingCommitted = record.pendingData !== undefined && row.version === acked + 1 && isDeepStrictEqual(row.data, record.pendingData);
    settle(record.pendingData, pendingCommitted);
    const committedVersion = acked + (pendingCommitted ? 1 : 0);
    if (row.version !== committedVersion) problems.push(`${record.marker}: version ${row.version}, acknowledged ${acked}`);
    for (const [version, data] of record.versions) {
      const stored = versions.find((v) => v.entryId === row.id && v.version === version);
      if (!stored || !isDeepStrictEqual(stored.data, data)) problems.push(`${record.marker}: acknowledged v_${version} missing or changed`);
    }
    const entryEvents = eventsFor(`entry:${row.id}`, ["entry.created", "entry.updated"]);
    const expectedVersions = Array.from({ length: row.version }, (_, i) => `v_${i + 1}`);
    if (!isDeepStrictEqual(entryEvents.map((e) => e.body.data.entry.version), expectedVersions) || entryEvents[0]?.type !== "entry.created") {
      problems.push(`${record.marker}: events ${JSON.stringify(entryEvents.map((e) => [e.type, e.body.data.entry.version]))}, versions 1..${row.version}`);
    }

    const label = labels.find((l) => l.entryId === row.id)?.version;
    const labelCommitted = record.pendingLabel !== undefined && label === record.pendingLabel && last(record.labelMoves) !== record.pendingLabel;
    settle(record.pendingLabel, labelCommitted);
    const moves = [...record.labelMoves, ...(labelCommitted ? [record.pendingLabel!] : [])];
    if (label !== last(moves)) problems.push(`${record.marker}: production at ${label}, acknowledged ${last(moves)}`);
    const labelEvents = events.filter((e) => e.type === "label.updated" && e.body.data.entryId === row.id);
    if (!isDeepStrictEqual(labelEvents.map((e) => e.body.data.version), moves.map((v) => `v_${v}`))) {
      problems.push(`${record.marker}: label events ${JSON.stringify(labelEvents.map((e) => e.body.data.version))}, moves ${JSON.stringify(moves)}`);
    }
    if (record.id && acked) await readEntry(options, record, acked, problems);
  }
  for (const row of entries) if (!ledger.entries.some((e) => e.marker === row.data.title)) problems.push(`entry ${row.id}: never written by the storm`);

  return { problems, unresolved, unresolvedCommitted, events: events.length };
}

/** Through the restarted server's API: the acknowledged post is served. */
async function readPost(options: { baseUrl: string; key: string }, record: PostRecord, title: string, problems: string[]) {
  const res = await fetch(`${options.baseUrl}/api/posts/${record.id}`, { headers: { Authorization: `Bearer ${options.key}` } });
  const body = (await res.json()) as { title?: string };
  if (res.status !== 200 || body.title !== title) problems.push(`GET /api/posts/${record.id}: ${res.status} ${JSON.stringify(body.title)}`);
}

/** Through the API: the last acknowledged version of the entry, with its data. */
async function readEntry(options: { baseUrl: string; key: string; collectionId: string }, record: EntryRecord, version: number, problems: string[]) {
  const path = `/api/collections/${options.collectionId}/entries/${record.id}?version=v_${version}`;
  const res = await fetch(`${options.baseUrl}${path}`, { headers: { Authorization: `Bearer ${options.key}` } });
  const body = (await res.json()) as { data?: unknown };
  if (res.status !== 200 || !isDeepStrictEqual(body.data, record.versions.get(version))) problems.push(`GET ${path}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
}
