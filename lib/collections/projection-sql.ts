// computeProjection (project-entry.ts) in SQL, for re-projecting rows without shipping their
// data to the application: a dotted path becomes a jsonb path array, and only a JSON string
// projects (anything else, or a missing key, is NULL), as in readPath.
import { Prisma } from "../generated/prisma/client";
import type { IndexColumn, IndexMapping } from "./collection-schema";

export function projectedColumnSql(indexes: IndexMapping | undefined, column: IndexColumn): Prisma.Sql {
  const path = indexes?.[column]?.split(".") ?? null;
  return Prisma.sql`CASE WHEN jsonb_typeof(data #> ${path}::text[]) = 'string' THEN data #>> ${path}::text[] END`;
}
