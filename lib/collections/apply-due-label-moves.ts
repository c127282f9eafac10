// The tick's half for scheduled label moves (MODELING "Scheduled label moves"): every pending move
// whose time has come is made as a normal label move (label.updated, a label-history row marked
// `scheduled` with its creator as `movedBy`), exactly once, whichever ticks run (cron, the
// in-process ticker, a second instance). The same discipline as webhook deliveries:
// - claim: one statement marks a batch of due moves `lockedUntil` (FOR UPDATE SKIP LOCKED), so
//   concurrent ticks take different moves and a claimer that dies frees its claim when it lapses;
// - apply: each move in its own transaction, under the entry's lock (the order every label
//   write takes: collection, entry, then the move row), re-reading the move FOR UPDATE: only a
//   move still `pending` is made, so a cancelled one never is and none is made twice;
// - a move whose entry was deleted or whose version was pruned meanwhile is marked `failed` with
//   that reason (`entry_deleted`, `version_pruned`), and nothing else changes; so is a move of a
//   protected label whose maker no longer may make it (`not_allowed`, TEAMS.md).
import { runLastStatement, sql, sqlTransaction, type SqlRunner } from "../db-sql";
import { ApiError } from "../http/api-error";
import { logger } from "../log/logger";
import { readMeta } from "./entry-labels";
import type { FoundCollection } from "./find-collection";
import { lockCollectionEntry, type LockedEntry } from "./lock-collection-entry";
import { moveLockedLabel } from "./move-locked-label";
import { actorFromColumns, type Owner } from "./owner";
import { makerMayMoveLabel } from "./scheduled-move-right";

/** A claimed move stays invisible to other ticks this long: far longer than applying one takes. */
const CLAIM_LOCK_MS = 2 * 60_000;
const BATCH_SIZE = 20;

export type LabelMoveRun = { applied: number; failed: number };

export async function applyDueLabelMoves(options: { ownerId?: string; budgetMs?: number } = {}): Promise<LabelMoveRun> {
  const started = Date.now();
  const run: LabelMoveRun = { applied: 0, failed: 0 };
  while (Date.now() - started < (options.budgetMs ?? Infinity)) {
    const claims = await claimDueMoves(options.ownerId ?? null);
    if (!claims.length) break;
    for (const { id } of claims) {
      try {
        const outcome = await sqlTransaction((tx) => applyMove(tx, id));
        if (outcome) run[outcome]++;
      } catch (err) {
        // Database trouble: the claim lapses and a later tick tries again.
        logger().error({ err, scheduledMove: id }, "applying a scheduled label move failed");
      }
    }
    if (claims.length < BATCH_SIZE) break;
  }
  return run;
}

async function claimDueMoves(ownerId: string | null): Promise<{ id: string }[]> {
  const now = new Date();
  return sql().$queryRaw<{ id: string }[]>`
    UPDATE "ScheduledLabelMove" AS m SET "lockedUntil" = ${new Date(now.getTime() + CLAIM_LOCK_MS)}::timestamp(3)
    WHERE m.id IN (
      SELECT s.id FROM "ScheduledLabelMove" s JOIN "Collection" c ON c.pk = s."collectionPk"
      WHERE s.status = 'pending' AND s.at <= ${now}::timestamp(3)
        AND (s."lockedUntil" IS NULL OR s."lockedUntil" <= ${now}::timestamp(3))
        AND (${ownerId}::text IS NULL OR c."ownerId" = ${ownerId}::text)
      ORDER BY s.at, s.id
      LIMIT ${BATCH_SIZE}::int
      FOR UPDATE OF s SKIP LOCKED)
    RETURNING m.id`;
}

type MoveRow = {
  entryId: string;
  name: string;
  version: number;
  meta: string | null;
  actorType: string;
  actorId: string;
  actorPrefix: string | null;
  slug: string;
  ownerId: string;
  username: string;
  protectedLabels: string[] | null;
};

/** Null when there was nothing to do (cancelled, replaced, already made, collection deleted). */
async function applyMove(tx: SqlRunner, id: string): Promise<keyof LabelMoveRun | null> {
  const [move] = await tx.$queryRaw<MoveRow[]>`
    SELECT m."entryId", m.name, m.version, m.meta, m."actorType", m."actorId", m."actorPrefix", c.slug, c."ownerId", u.username, c."protectedLabels"
    FROM "ScheduledLabelMove" m JOIN "Collection" c ON c.pk = m."collectionPk" JOIN "User" u ON u.id = c."ownerId"
    WHERE m.id = ${id} AND m.status = 'pending'`;
  if (!move) return null;
  let locked: { collection: FoundCollection; entry: LockedEntry } | null;
  try {
    locked = await lockCollectionEntry(tx, { ownerId: move.ownerId, slug: move.slug, entryId: move.entryId });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
    // The collection went (and its moves with it), or only the entry did.
    if (err.body.error !== "Entry not found") return null;
    locked = null;
  }
  const [still] = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM "ScheduledLabelMove" WHERE id = ${id} FOR UPDATE`;
  if (still?.status !== "pending") return null;
  if (!locked) return settle(tx, id, "failed", "entry_deleted");
  if (!(await makerMayMoveLabel(tx, move))) return settle(tx, id, "failed", "not_allowed");
  const owner: Owner = {
    id: move.ownerId,
    username: move.username,
    actor: actorFromColumns(move.actorType, move.actorId, move.actorPrefix),
  };
  // The audit log names the move's maker (TEAMS.md: every change by a person or a key), in the
  // owner's project; there is no request, so the request id names the scheduled move instead.
  const auditAs = {
    actor: move.actorType === "key" ? { type: "key" as const, id: move.actorId, ...(move.actorPrefix ? { prefix: move.actorPrefix } : {}) } : { type: "user" as const, id: move.actorId, ...(await usernameOf(tx, move.actorId)) },
    projectId: move.ownerId,
    origin: { requestId: `scheduled-move:${id}`, ip: "" },
  };
  try {
    await runLastStatement(tx, moveLockedLabel({ owner, ...locked, name: move.name, version: move.version, meta: readMeta(move.meta), scheduled: true, auditAs }));
  } catch (err) {
    // Refused before it wrote anything: the version is no longer retained.
    if (err instanceof ApiError && err.status === 404) return settle(tx, id, "failed", "version_pruned");
    throw err;
  }
  return settle(tx, id, "applied", null);
}

async function settle(tx: SqlRunner, id: string, status: "applied" | "failed", reason: string | null): Promise<keyof LabelMoveRun> {
  await tx.$executeRaw`
    UPDATE "ScheduledLabelMove" SET status = ${status}, reason = ${reason}, "settledAt" = ${new Date()}, "lockedUntil" = NULL WHERE id = ${id}`;
  return status;
}

async function usernameOf(tx: SqlRunner, userId: string): Promise<{ username?: string }> {
  const [user] = await tx.$queryRaw<{ username: string }[]>`SELECT username FROM "User" WHERE id = ${userId}`;
  return user ? { username: user.username } : {};
}
