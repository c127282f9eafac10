// One collection as the export has it: schema, entries with every kept version, labels and label
// history. Entries are read a page at a time; the JSON is produced in pieces (a generator of
// strings), so a collection of any size streams.
import { db } from "../db";
import { EXPORT_VERSION, type ExportedEntry } from "./export-format";

const PAGE = 100;
const actor = (type: string | null, id: string | null, prefix: string | null) => (type && id ? { type, id, prefix } : null);

export async function* exportCollectionJson(collectionPk: string): AsyncGenerator<string> {
  const collection = await db().collection.findUniqueOrThrow({ where: { pk: collectionPk } });
  const head = { source: "inkbase", version: EXPORT_VERSION, slug: collection.slug, name: collection.name, schema: collection.schema, createdAt: collection.createdAt.toISOString() };
  yield JSON.stringify(head).slice(0, -1) + ',"entries":[';
  let after: string | undefined;
  let first = true;
  for (;;) {
    const rows = await db().entry.findMany({
      where: { collectionPk, ...(after ? { id: { gt: after } } : {}) },
      orderBy: { id: "asc" },
      take: PAGE,
      include: { versions: { orderBy: { version: "asc" } }, labels: { orderBy: { name: "asc" } }, labelMoves: { orderBy: { id: "asc" } } },
    });
    for (const row of rows) {
      const entry: ExportedEntry = {
        id: row.id,
        version: row.version,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        versions: row.versions.map((v) => ({ version: v.version, data: v.data as Record<string, unknown>, createdAt: v.createdAt.toISOString(), author: actor(v.authorType, v.authorId, v.authorPrefix) })),
        labels: row.labels.map((l) => ({ name: l.name, version: l.version, meta: l.meta, createdAt: l.createdAt.toISOString(), updatedAt: l.updatedAt.toISOString() })),
        labelHistory: row.labelMoves.map((m) => ({ name: m.name, version: m.version, previousVersion: m.previousVersion, movedAt: m.movedAt.toISOString(), actor: actor(m.actorType, m.actorId, m.actorPrefix), scheduled: m.scheduled })),
      };
      yield (first ? "" : ",") + JSON.stringify(entry);
      first = false;
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1].id;
  }
  yield "]}";
}
