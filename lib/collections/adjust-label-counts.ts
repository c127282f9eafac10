// CollectionLabelCount: entries per label name, so `?label=` listings report `total` without a
// count(*) (bench/collections). Changed where a label row is inserted or deleted, in the same
// transaction; a move (PUT to another version) leaves it alone. Names go in sorted order so two
// transactions touching several counters take their row locks in the same order.
import type { SqlRunner } from "../db-sql";

export async function adjustLabelCounts(tx: SqlRunner, collectionPk: string, names: string[], delta: 1 | -1): Promise<void> {
  for (const name of [...new Set(names)].sort()) {
    if (delta === 1) {
      await tx.$executeRaw`
        INSERT INTO "CollectionLabelCount" ("collectionPk", name, "entryCount") VALUES (${collectionPk}, ${name}, 1)
        ON CONFLICT ("collectionPk", name) DO UPDATE SET "entryCount" = "CollectionLabelCount"."entryCount" + 1`;
    } else {
      await tx.$executeRaw`
        UPDATE "CollectionLabelCount" SET "entryCount" = "entryCount" - 1 WHERE "collectionPk" = ${collectionPk} AND name = ${name}`;
    }
  }
}
