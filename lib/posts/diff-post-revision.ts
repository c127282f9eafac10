// GET /api/posts/:id/revisions/:revision/diff?against=current|<n>: what changed from the revision
// (`before`) to the post as it is now or to another revision (`after`), field by field. For
// `content`, `blocks` lists the top-level blocks that differ with their text on each side: the
// block diff of lib/diff (the one the collections' compare view, the entry diff API and the
// dashboard's History panel use), not a copy.
import { blockChanges } from "../diff/data-changes";
import { diffValues } from "../diff/value-diff";
import { db } from "../db";
import { findPostRevision, type RevisionRow } from "./find-post-revision";
import { SEO_FIELDS } from "./post-fields";
import { loadPostSnapshot, type PostSnapshot } from "./post-snapshot";
import { toWireVisibility } from "./post-visibility";
import type { RevisionChange, RevisionDiff } from "./revision-response";

/** The compared fields, in the order the changes list them. */
export const DIFF_FIELDS = [
  "title",
  "subtitle",
  "excerpt",
  "content",
  "slug",
  "tags",
  "coverImage",
  "visibility",
  "featured",
  "coauthors",
  ...SEO_FIELDS,
  "status",
  "publishedAt",
] as const;

export type DiffField = (typeof DIFF_FIELDS)[number];
export type DiffSide = Record<DiffField, unknown>;

export async function diffPostRevision(options: { ownerId: string; postId: string; revision: number; against: number | "current" }): Promise<RevisionDiff> {
  const { ownerId, postId, revision, against } = options;
  const [from, to] = await Promise.all([
    findPostRevision({ ownerId, postId, revision }),
    against === "current" ? undefined : findPostRevision({ ownerId, postId, revision: against }),
  ]);
  const after = to ? diffSide(to) : diffSide(await loadPostSnapshot(db(), postId));
  return { from: revision, to: against, changes: postChanges(diffSide(from), after) };
}

/** A snapshot (or a revision row) as the diff compares it: wire values (visibility, ISO dates). */
export function diffSide(snapshot: PostSnapshot | RevisionRow): DiffSide {
  const side = {} as DiffSide;
  for (const field of DIFF_FIELDS) side[field] = (snapshot as Record<string, unknown>)[field];
  side.visibility = toWireVisibility(snapshot.visibility);
  side.publishedAt = snapshot.publishedAt?.toISOString() ?? null;
  return side;
}

export function postChanges(before: DiffSide, after: DiffSide): RevisionChange[] {
  const changes: RevisionChange[] = [];
  for (const field of DIFF_FIELDS) {
    const was = before[field] ?? null;
    const is = after[field] ?? null;
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    const change: RevisionChange = { field, kind: was === null ? "added" : is === null ? "removed" : "changed", before: was, after: is };
    if (field === "content") {
      const diff = diffValues(was, is, "richtext");
      if (diff.kind === "blocks") change.blocks = blockChanges(diff.blocks);
    }
    changes.push(change);
  }
  return changes;
}
