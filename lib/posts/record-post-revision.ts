// The one writer of post revisions (HISTORY.md "What is kept"). Every post write records one
// inside its own transaction, after its change, from the post's row as it now is:
//
//   await recordPostRevision(tx, { postId, reason, actor, now, wordCount });
//
// or, in the same statement as the write itself (PATCH: lib/posts/write-post-update.ts), with
// `revisionSql`, whose statements read a CTE named `post` holding the post's new row.
//
// - `reason`: `create` (a draft is created), `publish`, `unpublish`, `schedule` (the write made the
//   post published now / a draft / published in the future), `restore` (with `restoredFrom`), or
//   `edit` for anything else.
// - `actor`: who wrote it (lib/posts/revision-actor.ts): the signed-in user or the API key.
// - `now`: the write's clock (tests pass their own).
// - `wordCount`: the words of the post's content, when the writer has just counted them (a write
//   that sent the content). Without it, the newest revision's count is kept when that revision
//   holds the same content (compared by PostgreSQL), and the content is read and counted only
//   when it does not.
//
// The snapshot is copied from the "Post" row by the statement (INSERT … SELECT / UPDATE … FROM),
// tags and co-authors from their tables: the document is never sent to the database a second
// time. The caller must hold the post's row lock (SELECT … FOR UPDATE) or have created the post
// in this transaction: numbers are the newest + 1, and the coalescing decision reads the newest
// revision (in a statement after the lock, so it sees the latest committed one).
//
// Coalescing: an `edit` rewrites the newest revision in place (same number, new snapshot and
// createdAt) when that one is also an `edit`, by the same actor, and was first written less than
// 10 minutes before `now`. The window runs from the revision's first write (`startedAt`), so
// continuous typing still leaves a revision every 10 minutes, never one for a whole morning.
//
// Retention: the statement that adds a revision also prunes every revision older than the newest
// 50 except `publish` revisions less than 12 months old (lib/posts/prune-post-revisions.ts).
//
// A write that changed nothing must not record one.
import { documentText } from "../content/document-text";
import type { TiptapDocument } from "../content/tiptap-document";
import { wordCountOfText } from "../content/word-count";
import type { SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { SNAPSHOT_COLUMNS } from "./post-fields";
import { prunePostRevisionsSql } from "./prune-post-revisions";
import type { RevisionActor } from "./revision-actor";

export const REVISION_REASONS = ["create", "edit", "publish", "unpublish", "schedule", "restore"] as const;
export type RevisionReason = (typeof REVISION_REASONS)[number];

export const COALESCE_WINDOW_MS = 10 * 60 * 1000;

export type RevisionInput = {
  postId: string;
  reason: RevisionReason;
  actor: RevisionActor;
  now: Date;
  restoredFrom?: number;
  wordCount?: number;
};

export type RecordedRevision = { revision: number; coalesced: boolean };

// The snapshot's columns of "PostRevision", each copied from the same column of "Post".
const quoted = SNAPSHOT_COLUMNS.map((column) => `"${column}"`);
const INSERT_COLUMNS = Prisma.raw(quoted.join(", "));
const SELECT_COLUMNS = Prisma.raw(quoted.map((column) => `p.${column}`).join(", "));
const SET_COLUMNS = Prisma.raw(quoted.map((column) => `${column} = p.${column}`).join(", "));

// Tags sorted by slug (byte order, as the snapshot's JS sort orders the ASCII and Latin slugs
// tags have) and co-authors in order, in the shapes of the Post resource (toCoauthor).
const RELATIONS = Prisma.raw(`
  COALESCE((SELECT jsonb_agg(jsonb_build_object('name', t.name, 'slug', t.slug) ORDER BY t.slug COLLATE "C")
            FROM "PostTag" pt JOIN "Tag" t ON t.id = pt."tagId" WHERE pt."postId" = p.id), '[]'::jsonb) AS tags,
  COALESCE((SELECT jsonb_agg(CASE WHEN c."userId" IS NOT NULL THEN jsonb_build_object('userId', c."userId")
              ELSE jsonb_build_object('externalName', COALESCE(c."externalName", ''), 'externalHandle', c."externalHandle", 'externalUrl', c."externalUrl") END
            ORDER BY c.position)
            FROM "PostCoauthor" c WHERE c."postId" = p.id), '[]'::jsonb) AS coauthors`);

/**
 * The CTEs that record the revision from a CTE named `post` (the post's row after the write),
 * and the list of what they did: select `revision, "wordCount", coalesced FROM recorded`. When
 * `post` is empty (a write that matched nothing), nothing is recorded.
 */
export function revisionSql(input: RevisionInput): Prisma.Sql {
  const { postId, reason, actor, now } = input;
  const windowStart = new Date(now.getTime() - COALESCE_WINDOW_MS);
  const counted = input.wordCount ?? null;
  // -1: neither given nor the newest revision's; recordWordCount fills it in after the statement.
  return Prisma.sql`
    snapshot AS (SELECT p.id, ${SELECT_COLUMNS}, ${RELATIONS} FROM post p),
    newest AS (
      SELECT r.revision, r.reason, r."actorType", r."actorId", r."startedAt",
             CASE WHEN ${counted}::int IS NOT NULL THEN ${counted}::int
                  WHEN r.content = s.content THEN r."wordCount" ELSE -1 END AS "wordCount"
      FROM "PostRevision" r, snapshot s WHERE r."postId" = ${postId} ORDER BY r.revision DESC LIMIT 1),
    coalesced AS (
      UPDATE "PostRevision" r SET ${SET_COLUMNS}, tags = p.tags, coauthors = p.coauthors, "createdAt" = ${now}::timestamp(3), "wordCount" = n."wordCount"
      FROM snapshot p, newest n
      WHERE r."postId" = ${postId} AND r.revision = n.revision AND ${reason} = 'edit' AND n.reason = 'edit'
        AND n."actorType" = ${actor.type} AND n."actorId" = ${actor.id} AND n."startedAt" > ${windowStart}::timestamp(3)
      RETURNING r.revision, r."wordCount"),
    added AS (
      INSERT INTO "PostRevision" ("postId", revision, reason, "restoredFrom", "createdAt", "startedAt", "actorType", "actorId", "actorPrefix",
                                  ${INSERT_COLUMNS}, tags, coauthors, "wordCount")
      SELECT ${postId}, COALESCE((SELECT revision FROM newest), 0) + 1, ${reason}, ${reason === "restore" ? (input.restoredFrom ?? null) : null}::int,
             ${now}::timestamp(3), ${now}::timestamp(3), ${actor.type}, ${actor.id}, ${actor.type === "key" ? actor.prefix : null}::text,
             ${SELECT_COLUMNS}, p.tags, p.coauthors, COALESCE(${counted}::int, (SELECT "wordCount" FROM newest), -1)
      FROM snapshot p WHERE NOT EXISTS (SELECT 1 FROM coalesced)
      RETURNING revision, "wordCount"),
    pruned AS (${prunePostRevisionsSql({ postId, now, when: Prisma.sql`EXISTS (SELECT 1 FROM added)` })}),
    recorded AS (SELECT revision, "wordCount", true AS coalesced FROM coalesced UNION ALL SELECT revision, "wordCount", false FROM added)`;
}

/** The revision `revisionSql` recorded, with its word count filled in when the statement could not. */
export async function recordedRevision(
  tx: SqlRunner,
  postId: string,
  row: { revision: number; wordCount: number; coalesced: boolean },
): Promise<RecordedRevision> {
  if (row.wordCount < 0) {
    const [post] = await tx.$queryRaw<{ content: TiptapDocument }[]>`SELECT content FROM "Post" WHERE id = ${postId}`;
    const words = wordCountOfText(documentText(post.content));
    await tx.$executeRaw`UPDATE "PostRevision" SET "wordCount" = ${words} WHERE "postId" = ${postId} AND revision = ${row.revision}`;
  }
  return { revision: row.revision, coalesced: row.coalesced };
}

export async function recordPostRevision(tx: SqlRunner, input: RevisionInput): Promise<RecordedRevision> {
  const [row] = await tx.$queryRaw<{ revision: number; wordCount: number; coalesced: boolean }[]>`
    WITH post AS (SELECT * FROM "Post" WHERE id = ${input.postId}),
    ${revisionSql(input)}
    SELECT revision, "wordCount", coalesced FROM recorded`;
  if (!row) throw new Error(`recordPostRevision: post ${input.postId} not found`);
  return recordedRevision(tx, input.postId, row);
}
