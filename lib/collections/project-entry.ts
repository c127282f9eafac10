// The indexed columns of an entry (SPEC Entry, DECISIONS §4): `schema.indexes` maps a column to
// a dotted path in `data`; a missing or non-string value projects as null. The same rules run in
// SQL for re-projection (reproject-entries.ts): both walk object keys only, never array positions.
import { invalidInput } from "../http/api-error";
import { INDEX_COLUMNS, type IndexColumn, type IndexMapping } from "./collection-schema";

export type Projection = Record<IndexColumn, string | null>;

import { SLUG_PATTERN } from "../slug-pattern";
/** slug and tag sit in b-tree indexes, whose entries must stay well under a page. */
export const MAX_INDEXED_LENGTH = 200;

export function readPath(data: unknown, path: string): string | null {
  let value: unknown = data;
  for (const key of path.split(".")) {
    if (!value || typeof value !== "object" || Array.isArray(value) || !Object.hasOwn(value, key)) return null;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === "string" ? value : null;
}

export function computeProjection(indexes: IndexMapping | undefined, data: unknown): Projection {
  const projection = { slug: null, title: null, summary: null, tag: null } as Projection;
  for (const column of INDEX_COLUMNS) {
    const path = indexes?.[column];
    if (path) projection[column] = readPath(data, path);
  }
  return projection;
}

/** Why a projection cannot be stored, or null when it can. */
export function projectionProblem(projection: Projection): { column: "slug" | "tag"; message: string } | null {
  const { slug, tag } = projection;
  if (slug !== null && !SLUG_PATTERN.test(slug)) return { column: "slug", message: "The projected slug must match ^[a-z0-9-]+$" };
  if (slug !== null && slug.length > MAX_INDEXED_LENGTH) {
    return { column: "slug", message: `The projected slug may have at most ${MAX_INDEXED_LENGTH} characters` };
  }
  if (tag !== null && tag.length > MAX_INDEXED_LENGTH) {
    return { column: "tag", message: `The projected tag may have at most ${MAX_INDEXED_LENGTH} characters` };
  }
  return null;
}

/** The projection of an entry write; an unstorable slug or tag is a 400 on the data path it came from. */
export function projectEntry(indexes: IndexMapping | undefined, data: unknown): Projection {
  const projection = computeProjection(indexes, data);
  const problem = projectionProblem(projection);
  if (problem) throw invalidInput([{ path: ["data", ...indexes![problem.column]!.split(".")], message: problem.message }]);
  return projection;
}
