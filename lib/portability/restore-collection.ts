// An exported collection into the importing account, in the batch's transaction: the collection
// through createCollection (the Pro plan, the limit of 10, a valid schema, references to existing
// collections), then each entry with its kept versions under their own numbers, its labels on
// the same versions, its label history and the reference index, written directly (replaying
// them as edits would renumber the versions and prune the labelled ones). Entries get new ids;
// references between them are rewritten to the new ids. A collection whose slug the account
// already has is skipped (an import never merges into existing entries).
import type { Tx } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { createCollectionBody } from "../collections/collection-input";
import { readCollectionSchema, type FieldDefinition } from "../collections/collection-schema";
import { createCollection } from "../collections/create-collection";
import { collectReferences } from "../collections/entry-references";
import { projectEntry } from "../collections/project-entry";
import { writeReferences } from "../collections/write-references";
import type { ExportedCollection, ExportedEntry } from "./export-format";

type Owner = { id: string; username: string; plan: string };

export async function restoreCollection(
  tx: Tx,
  options: { owner: Owner; collection: ExportedCollection; now: Date },
): Promise<{ outcome: "created" | "skipped"; warnings: string[] }> {
  const { owner, collection } = options;
  if (owner.plan !== "pro") return { outcome: "skipped", warnings: ["Collections need the Pro plan; this collection was not imported"] };
  const exists = await tx.collection.findUnique({ where: { ownerId_slug: { ownerId: owner.id, slug: collection.slug } }, select: { pk: true } });
  if (exists) return { outcome: "skipped", warnings: [`The account already has a collection "${collection.slug}"; it was left as it is`] };

  const input = createCollectionBody.parse({ slug: collection.slug, name: collection.name, schema: collection.schema });
  await createCollection({ owner, input }, tx);
  const row = await tx.collection.findUniqueOrThrow({ where: { ownerId_slug: { ownerId: owner.id, slug: collection.slug } } });
  if (collection.createdAt) await tx.collection.update({ where: { pk: row.pk }, data: { createdAt: new Date(collection.createdAt) } });
  const schema = readCollectionSchema(row.schema);

  // New ids first, so references between entries (in any order) can be rewritten.
  const ids = new Map<string, string>();
  const created: { entry: ExportedEntry; id: string }[] = [];
  for (const entry of collection.entries) {
    const current = entry.versions.find((v) => v.version === entry.version) ?? entry.versions.at(-1);
    if (!current) continue;
    const data = current.data as Prisma.InputJsonObject;
    const { id } = await tx.entry.create({
      data: {
        collectionPk: row.pk,
        version: entry.version,
        data,
        ...projectEntry(schema.indexes, current.data),
        createdAt: new Date(entry.createdAt),
        updatedAt: new Date(entry.updatedAt),
      },
      select: { id: true },
    });
    ids.set(entry.id, id);
    created.push({ entry, id });
  }

  const warnings: string[] = [];
  const labelCounts = new Map<string, number>();
  for (const { entry, id } of created) {
    for (const version of entry.versions) {
      const data = remapReferences(schema.fields, version.data, ids);
      await tx.entryVersion.create({
        data: {
          entryId: id,
          version: version.version,
          data: data as Prisma.InputJsonObject,
          ...projectEntry(schema.indexes, data),
          createdAt: new Date(version.createdAt),
          authorType: version.author?.type ?? null,
          authorId: version.author?.id ?? null,
          authorPrefix: version.author?.prefix ?? null,
        },
      });
      // References to entries outside this collection's export cannot be kept.
      const refs = collectReferences(schema.fields, data).filter((ref) => [...ids.values()].includes(ref.id));
      await writeReferences(tx, { entryId: id, version: version.version, refs });
      if (version.version === entry.version) {
        await tx.entry.update({ where: { id }, data: { data: data as Prisma.InputJsonObject, updatedAt: new Date(entry.updatedAt) } });
      }
    }
    for (const label of entry.labels) {
      await tx.entryLabel.create({
        data: {
          entryId: id,
          collectionPk: row.pk,
          name: label.name,
          version: label.version,
          meta: label.meta,
          entryUpdatedAt: new Date(entry.updatedAt),
          createdAt: new Date(label.createdAt),
          updatedAt: new Date(label.updatedAt),
        },
      });
    }
    for (const label of entry.labels) labelCounts.set(label.name, (labelCounts.get(label.name) ?? 0) + 1);
    if (entry.labelHistory.length) {
      await tx.labelMove.createMany({
        data: entry.labelHistory.map((move) => ({
          entryId: id,
          name: move.name,
          version: move.version,
          previousVersion: move.previousVersion,
          movedAt: new Date(move.movedAt),
          actorType: move.actor?.type ?? "session",
          actorId: move.actor?.id ?? owner.id,
          actorPrefix: move.actor?.prefix ?? null,
          scheduled: move.scheduled,
        })),
      });
    }
  }
  // The collection is new in this transaction, so no entry or label write can have left a count
  // slot (lib/collections/adjust-entry-count.ts, adjust-label-counts.ts) for it: the counts go
  // straight into the column and the label count rows, which nothing else can be writing yet.
  await tx.collection.update({ where: { pk: row.pk }, data: { entryCount: created.length } });
  if (labelCounts.size) {
    await tx.collectionLabelCount.createMany({
      data: [...labelCounts].map(([name, entryCount]) => ({ collectionPk: row.pk, name, entryCount })),
    });
  }
  return { outcome: "created", warnings };
}

/** The data with every reference field's old entry id replaced by the new one (others kept). */
function remapReferences(fields: FieldDefinition[] | undefined, data: Record<string, unknown>, ids: Map<string, string>): Record<string, unknown> {
  const refs = collectReferences(fields, data);
  if (!refs.length) return data;
  const copy = structuredClone(data);
  for (const ref of refs) {
    const path = ref.issuePath.slice(1);
    let parent: Record<string, unknown> | unknown[] = copy;
    for (const key of path.slice(0, -1)) parent = (parent as Record<string, unknown>)[key] as Record<string, unknown>;
    const last = path.at(-1)!;
    const next = ids.get(ref.id);
    if (next) (parent as Record<string, unknown>)[last] = next;
  }
  return copy;
}
