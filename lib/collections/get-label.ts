import { db } from "../db";
import { notFound } from "../http/api-error";
import { readMeta } from "./entry-labels";
import { findEntry } from "./find-entry";
import type { LabelResponse } from "./point-label";
import { formatVersion } from "./version-id";
import type { Owner } from "./owner";

/** GET /api/collections/:id/entries/:entryId/labels/:name: `{ label, version, meta }`. */
export async function getLabel(options: { owner: Owner; collectionId: string; entryId: string; name: string }): Promise<LabelResponse> {
  const { entry } = await findEntry(db(), { ownerId: options.owner.id, collectionId: options.collectionId, entryId: options.entryId });
  const label = await db().entryLabel.findUnique({
    where: { entryId_name: { entryId: entry.id, name: options.name } },
    select: { version: true, meta: true },
  });
  if (!label) throw notFound("Label not found");
  return { label: options.name, version: formatVersion(label.version), meta: readMeta(label.meta) };
}
