// GET /api/collections/:id/entries (SPEC Entries, list behaviour). Without `label`: every entry,
// drafts included, with its current indexed columns (and current data with full=1). With
// `label`: only entries carrying it, each at the labelled version (its version number, its
// projected columns, its data with full=1), and the filters apply to that version's columns, so
// `?label=production&slug=x` finds the entry published under slug x. Newest updatedAt first.
//
// Scale: both orders are index ranges (Entry by collection/updatedAt, EntryLabel by
// collection/name/entryUpdatedAt), so a page costs the same at 1k and 1M entries. `total` is
// never a count(*) over an unfiltered listing: it is the collection's entry count (the column plus
// its slots, ./entry-count-sql.ts), or the label's count (its
// CollectionLabelCount row plus its slots, ./label-count-sql.ts), both kept exact in the write
// transactions. Filtered listings (slug, tag,
// q) count their matches, so their cost follows the rows the filter has to examine. `include`
// resolves the page's references at the listing's label (lib/collections/resolve-includes.ts):
// one more query per level, never one per entry.
//
// Speed (issue 27; the published listing `?label=production&full=1` of 50 was 0.40–0.46 of GET
// /api/health): the statements run on pg directly (lib/db-sql.ts), and `data` is read as the
// JSON text PostgreSQL stores and written into the answer as is (./entry-list-response.ts), where
// it used to be parsed by the driver and serialised again, 50 documents a request. The collection,
// the page and the total are one statement, one round trip after the key's, and `updatedAt` comes
// as text, so a page makes no Date objects.
import { opaque } from "../db-opaque";
import { sql } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import type { ListEntriesQuery } from "./entry-input";
import { entryCountSql } from "./entry-count-sql";
import { notFound } from "../http/api-error";
import { labelCountSql } from "./label-count-sql";
import { resolveIncludes, type Includes } from "./resolve-includes";
import { toEntryListItem, type EntryListItem, type ProjectedRow } from "./to-entry";
import type { Owner } from "./owner";

export type EntryList = {
  /** Without `data`: with full=1 each entry's data is the JSON text at the same index of `dataTexts`. */
  entries: Omit<EntryListItem, "data">[];
  dataTexts?: string[];
  pageInfo: { total: number; page: number; perPage: number; hasMore: boolean };
  includes?: Includes;
};

/** One row of the statement: the collection's, and an entry's when the page has any (`id` null: none). */
type ListRow = { tagMapped: boolean; total: number } & ({ id: string; updatedAt: string; data?: string } & ProjectedRow | { id: null });

// The page's values reach its statement hidden from the planner (lib/db-opaque.ts): shown them,
// it planned every listing anew, as long as running it (0.5 ms of 1.1 ms of database time under
// the bench, issue 27). The filters (slug, tag, q) stay visible: what they match decides their plan.
const hidden = (value: string) => opaque(value, "text");
const hiddenInt = (value: number) => opaque(value, "int");

/** toISOString's form, made by PostgreSQL: the rows need no Date objects (timestamp(3) is UTC here). */
const isoText = (column: Prisma.Sql) => Prisma.sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function listEntries(options: {
  owner: Owner;
  collectionId: string;
  query: Omit<ListEntriesQuery, "include"> & { include?: number };
}): Promise<EntryList> {
  const { owner, collectionId, query } = options;
  const { page, perPage, label, full } = query;
  const offset = (page - 1) * perPage;
  const alias = Prisma.raw(label === undefined ? "e" : "v");
  const filters: Prisma.Sql[] = [];
  if (query.slug !== undefined) filters.push(Prisma.sql`AND ${alias}.slug = ${query.slug}`);
  if (query.tag !== undefined) filters.push(Prisma.sql`AND ${alias}.tag = ${query.tag}`);
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, "\\$&")}%`;
    filters.push(Prisma.sql`AND (${alias}.title ILIKE ${pattern} OR ${alias}.summary ILIKE ${pattern})`);
  }
  const where = filters.length ? Prisma.join(filters, " ") : Prisma.empty;
  const dataColumn = full ? Prisma.sql`, ${alias}.data::text AS data` : Prisma.empty;

  // The collection, the page and its total in one statement (issue 27: they were three, two of
  // them in parallel on a second connection; the published listing was 0.38–0.59 of GET
  // /api/health). The total: the collection's entry count for an unfiltered, unlabelled listing
  // (the column plus its slots), the label's count for an unfiltered labelled one, else a count
  // of the matches, so its cost follows the rows the filter has to examine.
  let total: Prisma.Sql;
  let pageSql: Prisma.Sql;
  if (label === undefined) {
    total = filters.length ? Prisma.sql`(SELECT count(*)::int FROM "Entry" e WHERE e."collectionPk" = col.pk ${where})` : entryCountSql("col");
    pageSql = Prisma.sql`
      SELECT e.id, e.version, e.slug, e.title, e.summary, e.tag, e."updatedAt" AS at ${dataColumn}
      FROM "Entry" e WHERE e."collectionPk" = found.pk ${where}
      ORDER BY e."updatedAt" DESC, e.id ASC LIMIT ${hiddenInt(perPage)} OFFSET ${hiddenInt(offset)}`;
  } else {
    total = filters.length
      ? Prisma.sql`(SELECT count(*)::int FROM "EntryLabel" l JOIN "EntryVersion" v ON v."entryId" = l."entryId" AND v.version = l.version
          WHERE l."collectionPk" = col.pk AND l.name = ${label} ${where})`
      : labelCountSql(Prisma.sql`col.pk`, hidden(label));
    pageSql = Prisma.sql`
      SELECT l."entryId" AS id, v.version, v.slug, v.title, v.summary, v.tag, l."entryUpdatedAt" AS at ${dataColumn}
      FROM "EntryLabel" l JOIN "EntryVersion" v ON v."entryId" = l."entryId" AND v.version = l.version
      WHERE l."collectionPk" = found.pk AND l.name = ${hidden(label)} ${where}
      ORDER BY l."entryUpdatedAt" DESC, l."entryId" ASC LIMIT ${hiddenInt(perPage)} OFFSET ${hiddenInt(offset)}`;
  }
  // No row: no such collection. MATERIALIZED: inlined, the total's sub-selects ran once per row of
  // the page (50 times, not once). The outer ORDER BY repeats the page's, which the join keeps in
  // practice but SQL does not promise.
  const rows = await sql().$queryRaw<ListRow[]>`
    WITH found AS MATERIALIZED (
      SELECT col.pk, coalesce(col.schema #>> '{indexes,tag}', '') <> '' AS "tagMapped", ${total} AS total
      FROM "Collection" col WHERE col."ownerId" = ${hidden(owner.id)} AND col.slug = ${hidden(collectionId)})
    SELECT found."tagMapped", found.total, p.id, p.version, p.slug, p.title, p.summary, p.tag, ${isoText(Prisma.sql`p.at`)} AS "updatedAt" ${full ? Prisma.sql`, p.data` : Prisma.empty}
    FROM found LEFT JOIN LATERAL (${pageSql}) p ON true
    ORDER BY p.at DESC, p.id ASC`;
  if (rows.length === 0) throw notFound("Collection not found");
  const [{ tagMapped, total: count }] = rows;
  const entries = rows.filter((row): row is Extract<ListRow, { id: string }> => row.id !== null);
  const list: EntryList = {
    entries: entries.map((row) => toEntryListItem(row, tagMapped, false)),
    ...(full ? { dataTexts: entries.map((row) => row.data ?? "null") } : {}),
    pageInfo: { total: count, page, perPage, hasMore: page * perPage < count },
  };
  if (query.include) {
    list.includes = await resolveIncludes({ ownerId: owner.id, label: label ?? null, roots: entries.map((row) => ({ id: row.id, version: row.version })), depth: query.include, data: "text" });
  }
  return list;
}
