// GET /api/collections/:id/entries/:entryId/diff?from=&to= (MODELING "Diffs over the API"): what
// changes between two versions of an entry, each side named by a version id (`v_4`) or a label
// (`production`), so a pipeline can ask what promoting a version would change before doing it.
// The changes come from lib/diff/data-changes.ts, built on the diff the dashboard's compare view
// and "Move label" dialog show. An unknown side is a 404 naming it (`param`: from or to).
import { db } from "../db";
import { ApiError, invalidInput } from "../http/api-error";
import { dataChanges, type DataChange } from "../diff/data-changes";
import { findEntry } from "./find-entry";
import { labelNameSchema } from "./label-name";
import { formatVersion, VERSION_ID } from "./version-id";
import type { Owner } from "./owner";

export type DiffSide = { version: string; label?: string };
export type EntryDiff = { from: DiffSide; to: DiffSide; changes: DataChange[] };

type Side = { param: "from" | "to"; value: string; version?: number; label?: string };

function readSide(param: "from" | "to", value: string): Side {
  const version = VERSION_ID.exec(value);
  if (version) return { param, value, version: Number(version[1]) };
  if (labelNameSchema.safeParse(value).success) return { param, value, label: value };
  throw invalidInput([{ path: [param], message: "Expected a version id (v_3) or a label name" }]);
}

export async function diffEntry(options: { owner: Owner; collectionId: string; entryId: string; from: string; to: string }): Promise<EntryDiff> {
  const sides = [readSide("from", options.from), readSide("to", options.to)];
  const { collection, entry } = await findEntry(db(), { ownerId: options.owner.id, collectionId: options.collectionId, entryId: options.entryId });
  const resolved = await Promise.all(sides.map((side) => resolveSide(entry.id, side)));
  const missing = sides.find((_, i) => resolved[i] === null);
  if (missing) {
    throw new ApiError(404, { error: missing.label !== undefined ? "Label not found" : "Version not found", param: missing.param, value: missing.value });
  }
  const [from, to] = resolved as { version: number; data: Record<string, unknown> }[];
  const fieldTypes = Object.fromEntries((collection.parsedSchema.fields ?? []).map((field) => [field.name, field.type]));
  const describe = (side: Side, version: number): DiffSide => ({ version: formatVersion(version), ...(side.label !== undefined ? { label: side.label } : {}) });
  return { from: describe(sides[0], from.version), to: describe(sides[1], to.version), changes: dataChanges(from.data, to.data, fieldTypes) };
}

async function resolveSide(entryId: string, side: Side): Promise<{ version: number; data: Record<string, unknown> } | null> {
  const rows =
    side.version !== undefined
      ? await db().$queryRaw<{ version: number; data: Record<string, unknown> }[]>`
          SELECT version, data FROM "EntryVersion" WHERE "entryId" = ${entryId} AND version = ${side.version}`
      : await db().$queryRaw<{ version: number; data: Record<string, unknown> }[]>`
          SELECT v.version, v.data FROM "EntryLabel" l JOIN "EntryVersion" v ON v."entryId" = l."entryId" AND v.version = l.version
          WHERE l."entryId" = ${entryId} AND l.name = ${side.label!}`;
  return rows[0] ?? null;
}
