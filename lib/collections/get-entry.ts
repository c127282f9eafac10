// GET /api/collections/:id/entries/:entryId (SPEC Entries, get rules): the `production` version
// by default (a draft is 404 Entry not found, like any unpublished thing on a default read),
// `?label=` the version that label points at (404 Label not found), `?version=` that exact
// retained version (404 Version not found). Title, summary, slug and tag are the chosen
// version's own projection; labels list every label of the entry. `include` adds the entries it
// references, at the same label (`?version=` reads, which name no label, at current versions).
import { db } from "../db";
import { notFound } from "../http/api-error";
import { findEntry } from "./find-entry";
import { PRODUCTION } from "./label-name";
import { resolveIncludes, type Includes } from "./resolve-includes";
import { toEntry, type EntryResponse, type ProjectedRow } from "./to-entry";
import type { Owner } from "./owner";

type VersionRow = ProjectedRow & { data: unknown };

export async function getEntry(options: {
  owner: Owner;
  collectionId: string;
  entryId: string;
  label?: string;
  version?: number;
  include?: number;
}): Promise<EntryResponse & { includes?: Includes }> {
  const { collection, entry } = await findEntry(db(), { ownerId: options.owner.id, collectionId: options.collectionId, entryId: options.entryId });
  let row: VersionRow | undefined;
  if (options.version !== undefined) {
    row = (await db().$queryRaw<VersionRow[]>`
      SELECT version, data, slug, title, summary, tag FROM "EntryVersion" WHERE "entryId" = ${entry.id} AND version = ${options.version}`)[0];
    if (!row) throw notFound("Version not found");
  } else {
    const label = options.label ?? PRODUCTION;
    // One statement: the label and the version it points at are read from one snapshot.
    row = (await db().$queryRaw<VersionRow[]>`
      SELECT v.version, v.data, v.slug, v.title, v.summary, v.tag
      FROM "EntryLabel" l JOIN "EntryVersion" v ON v."entryId" = l."entryId" AND v.version = l.version
      WHERE l."entryId" = ${entry.id} AND l.name = ${label}`)[0];
    if (!row) throw notFound(options.label === undefined ? "Entry not found" : "Label not found");
  }
  const [labels, includes] = await Promise.all([
    db().entryLabel.findMany({ where: { entryId: entry.id }, select: { name: true, version: true, meta: true } }),
    options.include
      ? resolveIncludes({
          ownerId: options.owner.id,
          label: options.version !== undefined ? null : (options.label ?? PRODUCTION),
          roots: [{ id: entry.id, version: row.version }],
          depth: options.include,
        })
      : undefined,
  ]);
  const body = toEntry(entry, row, labels, Boolean(collection.parsedSchema.indexes?.tag));
  return includes ? { ...body, includes } : body;
}
