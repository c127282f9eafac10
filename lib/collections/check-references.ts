// Write validation of reference fields (MODELING "Reference fields"): every id must name an entry
// of the field's collection, in the writer's own account; otherwise 400 with an issue per path
// ("No entry `x` in collection authors"). Runs after the data's shape was validated.
//
// Race with a delete of a target: the check takes a shared advisory lock per target (deleteEntry
// takes the same lock exclusively, with its entry lock), so a write and a delete of what it points
// at queue behind each other; mutual references written at once never wait on each other (shared
// locks, and a write's own entry is never locked this way). Whichever commits second sees the
// first: the delete's 409 check sees the committed reference, or writeReferences (a later
// statement, with a newer snapshot than this one) finds the target gone.
import type { SqlRunner } from "../db-sql";
import { invalidInput } from "../http/api-error";
import type { EntryRef } from "./entry-references";

/** The advisory lock key of an entry as a reference target (shared by writers, exclusive by its delete). */
export const TARGET_LOCK_PREFIX = "inkbase:entry:";

export function missingReference(ref: EntryRef): { path: string[]; message: string } {
  return { path: ref.issuePath, message: `No entry \`${ref.id}\` in collection ${ref.collection}` };
}

export async function checkReferences(tx: SqlRunner, options: { ownerId: string; entryId?: string; refs: EntryRef[] }): Promise<void> {
  const { ownerId, entryId, refs } = options;
  if (!refs.length) return;
  const ids = [...new Set(refs.map((ref) => ref.id))];
  const others = ids.filter((id) => id !== entryId);
  const found = await tx.$queryRaw<{ id: string; collection: string }[]>`
    SELECT e.id, c.slug AS collection
    FROM "Entry" e JOIN "Collection" c ON c.pk = e."collectionPk",
      (SELECT count(*) AS n FROM (
        SELECT pg_advisory_xact_lock_shared(hashtextextended(${TARGET_LOCK_PREFIX} || id, 0)) FROM unnest(${others}::text[]) AS id) l) locked
    WHERE c."ownerId" = ${ownerId} AND e.id = ANY(${ids}::text[])`;
  const home = new Map(found.map((row) => [row.id, row.collection]));
  const issues = refs.filter((ref) => home.get(ref.id) !== ref.collection).map(missingReference);
  if (issues.length) throw invalidInput(issues);
}
