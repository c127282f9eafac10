// The reference index rows of one new version (lib/collections/entry-references.ts), in the
// write's transaction: one statement, and none at all for data without references. It re-checks
// that each target still exists, with a snapshot newer than checkReferences' locks, so a target
// deleted while this write waited is a 400 here (the transaction rolls back) instead of a
// reference to nothing.
import type { SqlRunner } from "../db-sql";
import { invalidInput } from "../http/api-error";
import { missingReference } from "./check-references";
import type { EntryRef } from "./entry-references";

export async function writeReferences(tx: SqlRunner, options: { entryId: string; version: number; refs: EntryRef[] }): Promise<void> {
  const { entryId, version, refs } = options;
  if (!refs.length) return;
  const written = await tx.$queryRaw<{ path: string }[]>`
    INSERT INTO "EntryReference" ("sourceEntryId", "sourceVersion", path, "targetEntryId")
    SELECT ${entryId}, ${version}, r.path, r.id FROM unnest(${refs.map((ref) => ref.pointer)}::text[], ${refs.map((ref) => ref.id)}::text[]) AS r(path, id)
    WHERE EXISTS (SELECT 1 FROM "Entry" t WHERE t.id = r.id)
    RETURNING path`;
  if (written.length === refs.length) return;
  const kept = new Set(written.map((row) => row.path));
  throw invalidInput(refs.filter((ref) => !kept.has(ref.pointer)).map(missingReference));
}
