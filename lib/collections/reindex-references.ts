// When a schema change adds, removes or retargets reference fields (PATCH /api/collections/:id),
// the reference index of the collection's entries is rebuilt from their stored data under the
// new schema, like re-projection: in the PATCH's transaction while it holds the collection FOR
// UPDATE (no entry write runs meanwhile), for at most `limit` entries, most recently updated
// first, with every retained version of each. An id that names no entry of the field's collection
// is left out (the data keeps it; the next write of that entry is validated against the new
// schema). The rest of the entries keep their rows until their next write (`truncated`).
import type { Tx } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { FieldDefinition } from "./collection-schema";
import { schemaReferences } from "./schema-references";

export type Reindexed = { reindexed: number; truncated: boolean };

/** Equal when two field lists put the same kind of references at the same places into the same collections. */
export function referenceSignature(fields: FieldDefinition[] | undefined): string {
  return JSON.stringify(schemaReferences(fields).map(({ pointer, many, collection }) => [pointer, many, collection]));
}

export async function reindexReferences(
  tx: Tx,
  options: { ownerId: string; collectionPk: string; fields: FieldDefinition[] | undefined; limit: number; entryCount: number },
): Promise<Reindexed> {
  const swept = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "Entry" WHERE "collectionPk" = ${options.collectionPk} ORDER BY "updatedAt" DESC, id ASC LIMIT ${options.limit}`;
  const ids = swept.map((row) => row.id);
  const result = { reindexed: ids.length, truncated: options.entryCount > ids.length };
  if (!ids.length) return result;
  await tx.$executeRaw`DELETE FROM "EntryReference" WHERE "sourceEntryId" = ANY(${ids}::text[])`;
  const refs = schemaReferences(options.fields);
  if (!refs.length) return result;
  // Field names never hold `~` or `/`, so a pointer is its keys joined by `/`.
  const found = refs.map((ref) =>
    ref.many
      ? Prisma.sql`
          SELECT v."entryId", v.version, ${ref.pointer}::text || '/' || (x.n - 1) AS path, x.item #>> '{}' AS id, ${ref.collection}::text AS collection
          FROM "EntryVersion" v
          CROSS JOIN LATERAL jsonb_array_elements(
            CASE WHEN jsonb_typeof(v.data #> ${ref.dataPath}::text[]) = 'array' THEN v.data #> ${ref.dataPath}::text[] ELSE '[]'::jsonb END
          ) WITH ORDINALITY AS x(item, n)
          WHERE v."entryId" = ANY(${ids}::text[]) AND jsonb_typeof(x.item) = 'string'`
      : Prisma.sql`
          SELECT v."entryId", v.version, ${ref.pointer}::text AS path, v.data #>> ${ref.dataPath}::text[] AS id, ${ref.collection}::text AS collection
          FROM "EntryVersion" v
          WHERE v."entryId" = ANY(${ids}::text[]) AND jsonb_typeof(v.data #> ${ref.dataPath}::text[]) = 'string'`,
  );
  await tx.$executeRaw`
    INSERT INTO "EntryReference" ("sourceEntryId", "sourceVersion", path, "targetEntryId")
    SELECT r."entryId", r.version, r.path, r.id FROM (${Prisma.join(found, " UNION ALL ")}) r
    JOIN "Entry" t ON t.id = r.id
    JOIN "Collection" tc ON tc.pk = t."collectionPk" AND tc."ownerId" = ${options.ownerId} AND tc.slug = r.collection`;
  return result;
}
