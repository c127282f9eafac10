// `include=1..3` on entry reads (MODELING "Reference fields"): the entries the answer references,
// followed `depth` levels deep, each once, resolved at the read's own label (a `label=production`
// read resolves every reference to its target's production version; an unlabelled read to
// current versions), so a published page never shows a draft. A reference whose target lacks the
// label, or was deleted, is listed in `unresolved`. Entries already in the answer (the read's own,
// or included at an earlier level) are not repeated, which is also what stops cycles.
//
// One query per level, whatever the number of entries: the level's entries' references come from
// the reference index (their exact versions), together with the targets at the label. At most
// MAX_INCLUDED entries are included; past that `truncated` is true.
//
// The level's references are read by one index lookup per entry (`OFFSET 0` keeps the LATERAL
// subquery from being flattened into a join): flattened, PostgreSQL costed 50 lookups of the
// reference index's primary key above a sequential scan of the whole table with a hash join, and
// chose the scan: 4.5 ms of a 6 ms statement at 1,000 entries (4,000 references), growing with the
// table (auto_explain on the bench's seed, issue 25's include=2 budget). The owner's collections
// (a handful) are read once per statement (`owned`): joined per target, each target's lookup
// decompressed its collection's schema to tell whether `tag` is mapped, 44 µs a row, 4 ms of the
// same statement.
import { sql } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { formatVersion } from "./version-id";

/**
 * An included entry's `data` as the JSON text PostgreSQL returned, for an answer that writes it
 * into its body as is (the entry listing: ./entry-list-response.ts) instead of parsing it only to
 * serialise it again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

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
  /** The target is an entry of the owner's (false: deleted). */
  found: boolean;
  collection: string | null;
  tagMapped: boolean | null;
  /** Null: the target has no such label (or is gone). */
  version: number | null;
  slug: string | null;
  title: string | null;
  summary: string | null;
  tag: string | null;
  /** The version's data as JSON text (null when the target is not included). */
  data: string | null;
};

export async function resolveIncludes(options: {
  ownerId: string;
  /** The read's label; null for an unlabelled read (current versions). */
  label: string | null;
  /** The entries the answer holds, at the versions it shows them. */
  roots: { id: string; version: number }[];
  depth: number;
  /** MAX_INCLUDED unless a test wants a smaller bound. */
  maxIncluded?: number;
  /** `text`: each included entry's data is a JsonText (default: parsed). */
  data?: "parsed" | "text";
}): Promise<Includes> {
  const max = options.maxIncluded ?? MAX_INCLUDED;
  const includes: Includes = { entries: [], unresolved: [] };
  // Entries in the answer: never looked up again, never repeated, and where cycles stop.
  const visited = new Set(options.roots.map((root) => root.id));
  let frontier = options.roots;
  for (let level = 1; level <= Math.min(options.depth, MAX_INCLUDE_DEPTH) && frontier.length; level++) {
    const { refs, targets } = await loadLevel({ ...options, frontier, visited: [...visited], candidates: max - includes.entries.length + 1 });
    const byId = new Map(targets.map((target) => [target.id, target]));
    const next: { id: string; version: number }[] = [];
    for (const ref of refs) {
      if (visited.has(ref.id)) continue;
      const target = byId.get(ref.id);
      if (!target || (target.version !== null && includes.entries.length >= max)) {
        includes.truncated = true;
      } else if (!target.found || target.version === null) {
        includes.unresolved.push({ entryId: ref.from, path: ref.path, id: ref.id, reason: target.found ? "no_label" : "deleted" });
      } else {
        visited.add(target.id);
        includes.entries.push(toIncluded(target, options.data === "text"));
        next.push({ id: target.id, version: target.version });
      }
    }
    frontier = next;
  }
  return includes;
}

function toIncluded(target: Target, asText: boolean): IncludedEntry {
  return {
    id: target.id,
    collection: target.collection!,
    version: formatVersion(target.version!),
    title: target.title,
    summary: target.summary,
    slug: target.slug,
    ...(target.tagMapped ? { tag: target.tag } : {}),
    data: asText ? new JsonText(target.data!) : JSON.parse(target.data!),
  };
}

/**
 * The references of the level's entries (kind 0, in the level's order: entry, then path) and the
 * entries they point at that the answer does not hold yet (kind 1), at most `candidates` of them,
 * in order of first mention, each with its version at the label (null: no such label) and whether
 * it exists at all. The references by a LATERAL lookup of the index's primary key per entry; the
 * targets by primary key (a labelled read goes through the label, whose row carries the collection).
 */
async function loadLevel(options: {
  ownerId: string;
  label: string | null;
  frontier: { id: string; version: number }[];
  visited: string[];
  candidates: number;
}): Promise<{ refs: Ref[]; targets: Target[] }> {
  const { ownerId, label, frontier, visited, candidates } = options;
  const resolved =
    label === null
      ? Prisma.sql`
          LEFT JOIN "Entry" t ON t.id = tg.id
          LEFT JOIN owned c ON c.pk = t."collectionPk"
          LEFT JOIN "EntryVersion" v ON v."entryId" = t.id AND v.version = t.version AND c.pk IS NOT NULL`
      : Prisma.sql`
          LEFT JOIN "EntryLabel" l ON l."entryId" = tg.id AND l.name = ${label}
          LEFT JOIN owned c ON c.pk = l."collectionPk"
          LEFT JOIN "EntryVersion" v ON v."entryId" = l."entryId" AND v.version = l.version AND c.pk IS NOT NULL`;
  // Without the label, whether the entry exists at all (deleted, or merely unlabelled).
  const found =
    label === null
      ? Prisma.sql`c.pk IS NOT NULL`
      : Prisma.sql`c.pk IS NOT NULL OR EXISTS (
          SELECT 1 FROM "Entry" e JOIN "Collection" ec ON ec.pk = e."collectionPk" AND ec."ownerId" = ${ownerId} WHERE e.id = tg.id)`;
  const rows = await sql().$queryRaw<(Ref & Target & { kind: number })[]>`
    WITH refs AS (
      SELECT s.ord::int AS ord, r."sourceEntryId" AS "from", r.path, r."targetEntryId" AS id
      FROM unnest(${frontier.map((entry) => entry.id)}::text[], ${frontier.map((entry) => entry.version)}::int[]) WITH ORDINALITY AS s(id, version, ord)
      CROSS JOIN LATERAL (
        SELECT "sourceEntryId", path, "targetEntryId" FROM "EntryReference"
        WHERE "sourceEntryId" = s.id AND "sourceVersion" = s.version OFFSET 0) r),
    targets AS (
      SELECT id, min(ord) AS first FROM refs WHERE NOT (id = ANY(${visited}::text[]))
      GROUP BY id ORDER BY first, id LIMIT ${candidates}),
    owned AS MATERIALIZED (
      SELECT pk, slug, (schema->'indexes'->>'tag') IS NOT NULL AS "tagMapped" FROM "Collection" WHERE "ownerId" = ${ownerId})
    SELECT 0 AS kind, ord, "from", path, id, NULL::boolean AS found, NULL::text AS collection, NULL::boolean AS "tagMapped",
      NULL::int AS version, NULL::text AS slug, NULL::text AS title, NULL::text AS summary, NULL::text AS tag, NULL::text AS data
    FROM refs
    UNION ALL
    SELECT 1, tg.first, NULL, NULL, tg.id, ${found}, c.slug, c."tagMapped",
      v.version, v.slug, v.title, v.summary, v.tag, v.data::text
    FROM targets tg ${resolved}
    ORDER BY kind, ord, path`;
  return { refs: rows.filter((row) => row.kind === 0), targets: rows.filter((row) => row.kind === 1) };
}
