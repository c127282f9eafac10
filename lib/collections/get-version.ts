// GET …/versions/:version (DECISIONS §3): `{ id, version, createdAt, labels, data }` with an ETag.
// The snapshot never changes, but `labels` in the body can, so the ETag covers the version's
// identity and its current labels: a revalidation after a label moved gets the new body, and an
// unchanged one gets 304 without the data ever being read. With `include` the body also holds the
// referenced entries at their current versions, which do change: no ETag then (etag null).
import { createHash } from "node:crypto";
import { db } from "../db";
import { notFound } from "../http/api-error";
import { resolveIncludes, type Includes } from "./resolve-includes";
import { formatVersion } from "./version-id";
import type { Owner } from "./owner";

type VersionBody = { id: string; version: string; createdAt: string; labels: string[]; data: unknown; includes?: Includes };
type VersionRead = { etag: string | null; body: () => Promise<VersionBody> };

export async function getVersion(options: {
  owner: Owner;
  collectionId: string;
  entryId: string;
  version: number;
  include?: number;
}): Promise<VersionRead> {
  // One statement resolves collection, entry and version: the 304 path never reads the data.
  const [found] = await db().$queryRaw<{ entryId: string | null; collectionFound: boolean; createdAt: Date | null; labels: string[] }[]>`
    SELECT e.id AS "entryId", c.pk IS NOT NULL AS "collectionFound", v."createdAt",
           coalesce((SELECT array_agg(l.name ORDER BY l.name) FROM "EntryLabel" l WHERE l."entryId" = v."entryId" AND l.version = v.version), '{}') AS labels
    FROM (SELECT 1) AS one
    LEFT JOIN "Collection" c ON c."ownerId" = ${options.owner.id} AND c.slug = ${options.collectionId}
    LEFT JOIN "Entry" e ON e.id = ${options.entryId} AND e."collectionPk" = c.pk
    LEFT JOIN "EntryVersion" v ON v."entryId" = e.id AND v.version = ${options.version}`;
  if (!found.collectionFound) throw notFound("Collection not found");
  if (!found.entryId) throw notFound("Entry not found");
  if (!found.createdAt) throw notFound("Version not found");
  const { entryId, createdAt, labels } = found;
  const etag = versionEtag(entryId, options.version, createdAt, labels);
  const body = async (): Promise<VersionBody> => {
    const row = await db().entryVersion.findUnique({ where: { entryId_version: { entryId, version: options.version } }, select: { data: true } });
    // Pruned between the two reads: as gone as if it had been pruned before.
    if (!row) throw notFound("Version not found");
    const snapshot: VersionBody = { id: entryId, version: formatVersion(options.version), createdAt: createdAt.toISOString(), labels, data: row.data };
    if (!options.include) return snapshot;
    const roots = [{ id: entryId, version: options.version }];
    return { ...snapshot, includes: await resolveIncludes({ ownerId: options.owner.id, label: null, roots, depth: options.include }) };
  };
  return { etag: options.include ? null : etag, body };
}

function versionEtag(entryId: string, version: number, createdAt: Date, labels: string[]): string {
  const digest = createHash("sha256").update(`${entryId}\n${version}\n${createdAt.toISOString()}\n${labels.join("\n")}`).digest("base64url");
  return `"${digest.slice(0, 27)}"`;
}
