// GET /api/collections/:id/entries (SPEC Entries, list behaviour). Without `label`: every entry,
// drafts included, with its current indexed columns (and current data with full=1). With
// `label`: only entries carrying it, each at the labelled version (its version number, its
// projected columns, its data with full=1), and the filters apply to that version's columns, so
// `?label=production&slug=x` finds the entry published under slug x. Newest updatedAt first.
//
// Scale: both orders are index ranges (Entry by collection/updatedAt, EntryLabel by
// collection/name/entryUpdatedAt), so a page costs the same at 1k and 1M entries. `total` is
// never a count(*) over an unfiltered listing: it is the collection's entry count (the column plus
// its slots, ./entry-count-sql.ts, read with the collection), or the label's count (its
// CollectionLabelCount row plus its slots, ./label-count-sql.ts), both kept exact in the write
// transactions. Filtered listings (slug, tag,
// q) count their matches, so their cost follows the rows the filter has to examine. `include`
// resolves the page's references at the listing's label (lib/collections/resolve-includes.ts):
// one more query per level, never one per entry.
//
// Speed (issue 27; the published listing `?label=production&full=1` of 50 was 0.40–0.46 of GET
// /api/health): the statements run on pg directly (lib/db-sql.ts), and `data` is read as the
// JSON text PostgreSQL stores and written into the answer as is (./entry-list-response.ts), where
// it used to be parsed by the driver and serialised again, 50 documents a request.
import { opaque } from "../db-opaque";
import { sql } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import type { ListEntriesQuery } from "./entry-input";
import { findCollection } from "./find-collection";
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

type ListRow = ProjectedRow & { id: string; updatedAt: Date; data?: string };

// The page's values reach its statement hidden from the planner (lib/db-opaque.ts): shown them,
// it planned every listing anew, as long as running it (0.5 ms of 1.1 ms of database time under
// the bench, issue 27). The filters (slug, tag, q) stay visible: what they match decides their plan.
const hidden = (value: string) => opaque(value, "text");
const hiddenInt = (value: number) => opaque(value, "int");

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
  // The entry count (its slots summed) only where it is the total: an unfiltered, unlabelled listing.
  const collection = await findCollection(sql(), { ownerId: owner.id, slug: collectionId, count: label === undefined && !filters.length });
  const dataColumn = full ? Prisma.sql`, ${alias}.data::text AS data` : Prisma.empty;

  let rowsQuery: Promise<ListRow[]>;
  let totalQuery: Promise<number>;
  if (label === undefined) {
    rowsQuery = sql().$queryRaw<ListRow[]>`
      SELECT e.id, e.version, e.slug, e.title, e.summary, e.tag, e."updatedAt" ${dataColumn}
      FROM "Entry" e WHERE e."collectionPk" = ${hidden(collection.pk)} ${where}
      ORDER BY e."updatedAt" DESC, e.id ASC LIMIT ${hiddenInt(perPage)} OFFSET ${hiddenInt(offset)}`;
    totalQuery = filters.length
      ? sql().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Entry" e WHERE e."collectionPk" = ${collection.pk} ${where}`.then((r) => r[0].n)
      : Promise.resolve(collection.entryCount!); // read with the collection: unfiltered and unlabelled
  } else {
    const from = Prisma.sql`
      FROM "EntryLabel" l JOIN "EntryVersion" v ON v."entryId" = l."entryId" AND v.version = l.version
      WHERE l."collectionPk" = ${collection.pk} AND l.name = ${label} ${where}`;
    rowsQuery = sql().$queryRaw<ListRow[]>`
      SELECT l."entryId" AS id, v.version, v.slug, v.title, v.summary, v.tag, l."entryUpdatedAt" AS "updatedAt" ${dataColumn}
      FROM "EntryLabel" l JOIN "EntryVersion" v ON v."entryId" = l."entryId" AND v.version = l.version
      WHERE l."collectionPk" = ${hidden(collection.pk)} AND l.name = ${hidden(label)} ${where}
      ORDER BY l."entryUpdatedAt" DESC, l."entryId" ASC LIMIT ${hiddenInt(perPage)} OFFSET ${hiddenInt(offset)}`;
    totalQuery = filters.length
      ? sql().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n ${from}`.then((r) => r[0].n)
      : sql()
          .$queryRaw<{ n: number }[]>`SELECT ${labelCountSql(collection.pk, label)} AS n`
          .then((r) => r[0].n);
  }
  const [rows, total] = await Promise.all([rowsQuery, totalQuery]);
  const tagMapped = Boolean(collection.parsedSchema.indexes?.tag);
  const list: EntryList = {
    entries: rows.map((row) => toEntryListItem(row, tagMapped, false)),
    ...(full ? { dataTexts: rows.map((row) => row.data ?? "null") } : {}),
    pageInfo: { total, page, perPage, hasMore: page * perPage < total },
  };
  if (query.include) {
    list.includes = await resolveIncludes({ ownerId: owner.id, label: label ?? null, roots: rows.map((row) => ({ id: row.id, version: row.version })), depth: query.include, data: "text" });
  }
  return list;
}
