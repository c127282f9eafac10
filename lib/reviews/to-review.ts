// A Review row as the API answers it (TEAMS.md "Review"): people as { id, username }, versions as `v_<n>`.
import { formatVersion } from "../collections/version-id";
import type { Review as ReviewRow } from "../generated/prisma/client";
import type { Review, ReviewStatus } from "./review-input";

type Person = { id: string; username: string };

/** The people a set of reviews names, in one read (removed accounts keep their id as the name). */
export async function reviewPeople(client: { user: { findMany: (args: { where: { id: { in: string[] } }; select: { id: true; username: true } }) => Promise<Person[]> } }, rows: ReviewRow[]): Promise<Map<string, Person>> {
  const ids = [...new Set(rows.flatMap((row) => [row.requestedById, row.decidedById].filter((id): id is string => id !== null)))];
  const users = ids.length ? await client.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } }) : [];
  return new Map(users.map((user) => [user.id, user]));
}

export function toReview(row: ReviewRow, people: Map<string, Person>): Review {
  const person = (id: string) => people.get(id) ?? { id, username: id };
  const common = {
    id: row.id,
    status: row.status as ReviewStatus,
    requestedBy: person(row.requestedById),
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    decidedBy: row.decidedById ? person(row.decidedById) : null,
    decisionNote: row.decisionNote,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
  if (row.kind === "post") {
    return {
      kind: "post",
      postId: row.postId!,
      revision: row.revision!,
      ...(row.approvedRevision !== null ? { approvedRevision: row.approvedRevision } : {}),
      ...common,
    };
  }
  return {
    kind: "label",
    collectionId: row.collectionSlug!,
    entryId: row.entryId!,
    label: row.label!,
    fromVersion: row.fromVersion === null ? null : formatVersion(row.fromVersion),
    toVersion: formatVersion(row.toVersion!),
    ...common,
  };
}
