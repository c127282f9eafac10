// Re-projection after a change of `schema.indexes` (SPEC Collections rule 2), inside the PATCH's
// transaction while it holds the collection FOR UPDATE (no entry write can run meanwhile). At
// most `limit` entries are swept, most recently updated first; `truncated` says more exist. A
// row whose new slug is invalid, or taken by another entry, or whose tag is too long, is
// `skipped` and keeps all its old columns; a skipped row keeps its old slug, which may in turn
// take a slug another row wanted, so the check runs until nothing changes. Ties go to the row
// updated most recently. The retained versions of the updated entries are re-projected too
// (each keeps its old columns when its own projection cannot be stored), so label listings and
// `?version=` reads show the new mapping as well; a skipped entry's versions stay as they were.
import type { Tx } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { IndexMapping } from "./collection-schema";
import { MAX_INDEXED_LENGTH, projectionProblem } from "./project-entry";
import { projectedColumnSql } from "./projection-sql";

export type Reprojected = { updated: number; skipped: number; truncated: boolean };

type SweptRow = { id: string; oldSlug: string | null; slug: string | null; tag: string | null };

export async function reprojectEntries(
  tx: Tx,
  options: { collectionPk: string; indexes: IndexMapping | undefined; limit: number; entryCount: number },
): Promise<Reprojected> {
  const { collectionPk, indexes, limit } = options;
  const slugSql = projectedColumnSql(indexes, "slug");
  const tagSql = projectedColumnSql(indexes, "tag");
  // Cut one past the bound: enough to judge the length without shipping a huge string.
  const rows = await tx.$queryRaw<SweptRow[]>`
    SELECT id, slug AS "oldSlug", left(${slugSql}, ${MAX_INDEXED_LENGTH + 1}) AS slug, left(${tagSql}, ${MAX_INDEXED_LENGTH + 1}) AS tag
    FROM "Entry" WHERE "collectionPk" = ${collectionPk}
    ORDER BY "updatedAt" DESC, id ASC LIMIT ${limit}`;

  const skipped = new Set(rows.filter((row) => projectionProblem({ slug: row.slug, tag: row.tag, title: null, summary: null })).map((row) => row.id));
  const ids = rows.map((row) => row.id);
  const wanted = [...new Set(rows.map((row) => row.slug).filter((slug): slug is string => slug !== null))];
  const outside = wanted.length
    ? await tx.$queryRaw<{ slug: string }[]>`
        SELECT slug FROM "Entry" WHERE "collectionPk" = ${collectionPk} AND slug = ANY(${wanted}::text[]) AND NOT (id = ANY(${ids}::text[]))`
    : [];
  for (;;) {
    const taken = new Set(outside.map((row) => row.slug));
    for (const row of rows) if (skipped.has(row.id) && row.oldSlug !== null) taken.add(row.oldSlug);
    let changed = false;
    for (const row of rows) {
      if (skipped.has(row.id) || row.slug === null) continue;
      if (taken.has(row.slug)) {
        skipped.add(row.id);
        changed = true;
      } else {
        taken.add(row.slug);
      }
    }
    if (!changed) break;
  }

  const applied = rows.filter((row) => !skipped.has(row.id));
  const appliedIds = applied.map((row) => row.id);
  if (appliedIds.length) {
    // Free the slugs that move first: the unique index is checked row by row, so a swap of two
    // slugs would otherwise collide halfway through one UPDATE.
    const moving = applied.filter((row) => row.slug !== row.oldSlug && row.oldSlug !== null).map((row) => row.id);
    if (moving.length) await tx.$executeRaw`UPDATE "Entry" SET slug = NULL WHERE id = ANY(${moving}::text[])`;
    await tx.$executeRaw`
      UPDATE "Entry" SET ${columnsSql(indexes)} WHERE id = ANY(${appliedIds}::text[])`;
    await tx.$executeRaw`
      UPDATE "EntryVersion" SET ${columnsSql(indexes)}
      WHERE "entryId" = ANY(${appliedIds}::text[])
        AND (${slugSql} IS NULL OR (${slugSql} ~ '^[a-z0-9-]+$' AND length(${slugSql}) <= ${MAX_INDEXED_LENGTH}))
        AND (${tagSql} IS NULL OR length(${tagSql}) <= ${MAX_INDEXED_LENGTH})`;
  }
  return { updated: applied.length, skipped: skipped.size, truncated: options.entryCount > rows.length };
}

function columnsSql(indexes: IndexMapping | undefined): Prisma.Sql {
  return Prisma.sql`slug = ${projectedColumnSql(indexes, "slug")}, title = ${projectedColumnSql(indexes, "title")},
    summary = ${projectedColumnSql(indexes, "summary")}, tag = ${projectedColumnSql(indexes, "tag")}`;
}
