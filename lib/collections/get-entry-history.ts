// What the dashboard's entry page shows (DASHBOARD "Versions and labels"): the entry at its
// current version, every retained version with its author, labels and pin state, the labels,
// and the moves of every label, newest first. A handful of index lookups, whatever the number of
// versions ever written (retention keeps 10 plus the pinned ones).
import { db } from "../db";
import { findEntry } from "./find-entry";
import { LABEL_MOVE_SELECT, toLabelMove, type LabelMoveResponse } from "./list-label-moves";
import type { FoundCollection } from "./find-collection";

/** How many label moves the page lists (the API's history endpoint returns them all, per label). */
export const LABEL_HISTORY_LIMIT = 100;

export type VersionAuthor = { type: "session"; name: string } | { type: "key"; prefix: string } | { type: "unknown" };

export type VersionRow = { version: number; createdAt: string; labels: string[]; author: VersionAuthor; pinned: boolean };

export type EntryHistory = {
  collection: FoundCollection;
  entry: { id: string; version: number; createdAt: string; updatedAt: string; data: Record<string, unknown>; title: string | null };
  versions: VersionRow[];
  labels: { name: string; version: number }[];
  moves: (LabelMoveResponse & { author: string })[];
};

export async function getEntryHistory(options: { ownerId: string; collectionId: string; entryId: string }): Promise<EntryHistory> {
  const { collection, entry } = await findEntry(db(), { ownerId: options.ownerId, collectionId: options.collectionId, entryId: options.entryId });
  const [current, versionRows, labels, moveRows, owner] = await Promise.all([
    db().entry.findUniqueOrThrow({ where: { id: entry.id }, select: { data: true, title: true } }),
    db().entryVersion.findMany({
      where: { entryId: entry.id },
      orderBy: { version: "desc" },
      select: { version: true, createdAt: true, authorType: true, authorId: true, authorPrefix: true },
    }),
    db().entryLabel.findMany({ where: { entryId: entry.id }, select: { name: true, version: true }, orderBy: { name: "asc" } }),
    db().labelMove.findMany({
      where: { entryId: entry.id },
      orderBy: { id: "desc" },
      take: LABEL_HISTORY_LIMIT,
      select: LABEL_MOVE_SELECT,
    }),
    db().user.findUniqueOrThrow({ where: { id: options.ownerId }, select: { id: true, username: true } }),
  ]);
  // Sessions are always the owner's own (collections belong to one account).
  const sessionName = (id: string | null) => (id === owner.id ? owner.username : "a signed-in user");
  const keyName = (prefix: string | null | undefined) => prefix ?? "an API key";
  const versions = versionRows.map((row): VersionRow => {
    const onIt = labels.filter((label) => label.version === row.version).map((label) => label.name);
    const author: VersionAuthor =
      row.authorType === "key" ? { type: "key", prefix: keyName(row.authorPrefix) } : row.authorType === "session" ? { type: "session", name: sessionName(row.authorId) } : { type: "unknown" };
    return { version: row.version, createdAt: row.createdAt.toISOString(), labels: onIt, author, pinned: onIt.length > 0 };
  });
  return {
    collection,
    entry: {
      id: entry.id,
      version: entry.version,
      createdAt: entry.createdAt.toISOString(),
      updatedAt: entry.updatedAt.toISOString(),
      data: (current.data ?? {}) as Record<string, unknown>,
      title: current.title,
    },
    versions,
    labels,
    moves: moveRows.map((row) => {
      const move = toLabelMove(row);
      return { ...move, author: move.movedBy.type === "key" ? keyName(move.movedBy.prefix) : sessionName(move.movedBy.id) };
    }),
  };
}

/** Two retained versions' data for the compare view; null for a version that is not retained. */
export async function getVersionPair(entryId: string, from: number, to: number): Promise<{ from: Record<string, unknown> | null; to: Record<string, unknown> | null }> {
  const rows = await db().entryVersion.findMany({ where: { entryId, version: { in: [from, to] } }, select: { version: true, data: true } });
  const dataOf = (n: number) => (rows.find((row) => row.version === n)?.data ?? null) as Record<string, unknown> | null;
  return { from: dataOf(from), to: dataOf(to) };
}
