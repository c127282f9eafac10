// `include=1..3` on entry reads (MODELING "Reference fields"): the entries the answer references,
// followed `depth` levels deep, each once, resolved at the read's own label (a `label=production`
// read resolves every reference to its target's production version; an unlabelled read to
// current versions), so a published page never shows a draft. A reference whose target lacks the
// label, or was deleted, is listed in `unresolved`. Entries already in the answer (the read's own,
// or included at an earlier level) are not repeated, which is also what stops cycles.
//
// One query per level, whatever the number of entries: the level's entries' references come from
// the reference index (their exact versions), joined to the targets at the label, as one row of
// two JSON arrays. At most MAX_INCLUDED entries are included; past that `truncated` is true.
import { sql } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { formatVersion } from "./version-id";

export const MAX_INCLUDE_DEPTH = 3;
export const MAX_INCLUDED = 1000;

export type IncludedEntry = {
  id: string;
  collection: string;
  version: string;
  title: string | null;
  summary: string | null;
  slug: string | null;
  tag?: string | null;
  data: unknown;
};

export type Unresolved = { entryId: string; path: string; id: string; reason: "no_label" | "deleted" };

export type Includes = { entries: IncludedEntry[]; unresolved: Unresolved[]; truncated?: true };

type Ref = { from: string; path: string; id: string };
type Target = {
  id: string;
  collection: string;
  tagMapped: boolean;
  /** Null: the target has no such label. */
  version: number | null;
  slug: string | null;
  title: string | null;
  summary: string | null;
  tag: string | null;
  data: unknown;
  /** Within this level's share of MAX_INCLUDED (new, resolvable targets only). */
  included: boolean | null;
};

export async function resolveIncludes(options: {
  ownerId: string;
  /** The read's label; null for an unlabelled read (current versions). */
  label: string | null;
  /** The entries the answer holds, at the versions it shows them. */
  roots: { id: string; version: number }[];
  depth: number;
}): Promise<Includes> {
  const includes: Includes = { entries: [], unresolved: [] };
  const visited = new Set(options.roots.map((root) => root.id));
  let frontier = options.roots;
  for (let level = 1; level <= Math.min(options.depth, MAX_INCLUDE_DEPTH) && frontier.length; level++) {
    const remaining = MAX_INCLUDED - includes.entries.length;
    const { refs, targets } = await loadLevel({ ownerId: options.ownerId, label: options.label, frontier, visited: [...visited], remaining });
    const byId = new Map(targets.map((target) => [target.id, target]));
    const next: { id: string; version: number }[] = [];
    for (const ref of refs) {
      const target = byId.get(ref.id);
      if (!target || target.version === null) {
        includes.unresolved.push({ entryId: ref.from, path: ref.path, id: ref.id, reason: target ? "no_label" : "deleted" });
        continue;
      }
      if (visited.has(target.id)) continue;
      visited.add(target.id);
      if (!target.included) {
        includes.truncated = true;
        continue;
      }
      includes.entries.push(toIncluded(target));
      next.push({ id: target.id, version: target.version });
    }
    frontier = next;
  }
  return includes;
}

function toIncluded(target: Target): IncludedEntry {
  return {
    id: target.id,
    collection: target.collection,
    version: formatVersion(target.version!),
    title: target.title,
    summary: target.summary,
    slug: target.slug,
    ...(target.tagMapped ? { tag: target.tag } : {}),
    data: target.data,
  };
}

async function loadLevel(options: {
  ownerId: string;
  label: string | null;
  frontier: { id: string; version: number }[];
  visited: string[];
  remaining: number;
}): Promise<{ refs: Ref[]; targets: Target[] }> {
  const { ownerId, label, frontier, visited, remaining } = options;
  const at =
    label === null
      ? Prisma.sql`LEFT JOIN "EntryVersion" v ON v."entryId" = t.id AND v.version = t.version`
      : Prisma.sql`LEFT JOIN "EntryLabel" l ON l."entryId" = t.id AND l.name = ${label}
                   LEFT JOIN "EntryVersion" v ON v."entryId" = l."entryId" AND v.version = l.version`;
  const [row] = await sql().$queryRaw<{ refs: Ref[]; targets: Target[] }[]>`
    WITH refs AS (
      SELECT s.ord, r."sourceEntryId" AS "from", r.path, r."targetEntryId" AS id
      FROM unnest(${frontier.map((entry) => entry.id)}::text[], ${frontier.map((entry) => entry.version)}::int[]) WITH ORDINALITY AS s(id, version, ord)
      JOIN "EntryReference" r ON r."sourceEntryId" = s.id AND r."sourceVersion" = s.version),
    found AS (
      SELECT t.id, c.slug AS collection, (c.schema->'indexes'->>'tag') IS NOT NULL AS "tagMapped",
        v.version, v.slug, v.title, v.summary, v.tag, v.data,
        v.version IS NOT NULL AND NOT (t.id = ANY(${visited}::text[])) AS new,
        (SELECT min(refs.ord) FROM refs WHERE refs.id = t.id) AS first
      FROM "Entry" t JOIN "Collection" c ON c.pk = t."collectionPk" AND c."ownerId" = ${ownerId}
      ${at}
      WHERE t.id IN (SELECT id FROM refs)),
    ranked AS (
      SELECT found.*, CASE WHEN new THEN row_number() OVER (PARTITION BY new ORDER BY first, id) <= ${remaining} END AS included FROM found)
    SELECT
      coalesce((SELECT json_agg(json_build_object('from', "from", 'path', path, 'id', id) ORDER BY ord, path) FROM refs), '[]') AS refs,
      coalesce((SELECT json_agg(json_build_object('id', id, 'collection', collection, 'tagMapped', "tagMapped", 'version', version,
        'slug', slug, 'title', title, 'summary', summary, 'tag', tag, 'included', included,
        'data', CASE WHEN included THEN data END)) FROM ranked), '[]') AS targets`;
  return row;
}
