// The dashboard's entries table (DASHBOARD "Collections"): title, slug, status, labels, version,
// updated, with filters by label, status (draft = no `production` label) and search, newest
// first. The API's list has no labels or status, so the page reads them here in two index
// lookups: one page of entries, then the labels of just those entries.
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";
import { findCollection, type CountedCollection } from "./find-collection";
import { labelCountsSql } from "./label-count-sql";
import { PRODUCTION } from "./label-name";

export const ENTRIES_PER_PAGE = 20;

export type DashboardEntryRow = {
  id: string;
  title: string | null;
  slug: string | null;
  version: number;
  updatedAt: string;
  labels: { name: string; version: number }[];
  published: boolean;
};

export async function listDashboardEntries(options: {
  ownerId: string;
  collectionId: string;
  label?: string;
  status?: "draft" | "published";
  q?: string;
  page: number;
}): Promise<{ collection: CountedCollection; rows: DashboardEntryRow[]; total: number; pageCount: number; page: number; labelNames: string[] }> {
  const collection = await findCollection(db(), { ownerId: options.ownerId, slug: options.collectionId, count: true });
  const filters: Prisma.Sql[] = [];
  if (options.label) {
    filters.push(Prisma.sql`AND EXISTS (SELECT 1 FROM "EntryLabel" l WHERE l."entryId" = e.id AND l.name = ${options.label})`);
  }
  if (options.status) {
    const published = Prisma.sql`EXISTS (SELECT 1 FROM "EntryLabel" p WHERE p."entryId" = e.id AND p.name = ${PRODUCTION})`;
    filters.push(options.status === "published" ? Prisma.sql`AND ${published}` : Prisma.sql`AND NOT ${published}`);
  }
  if (options.q) {
    const pattern = `%${options.q.replace(/[\\%_]/g, "\\$&")}%`;
    filters.push(Prisma.sql`AND (e.title ILIKE ${pattern} OR e.summary ILIKE ${pattern} OR e.slug ILIKE ${pattern})`);
  }
  const where = filters.length ? Prisma.join(filters, " ") : Prisma.empty;
  const offset = (options.page - 1) * ENTRIES_PER_PAGE;
  const [rows, total, labelNames] = await Promise.all([
    db().$queryRaw<{ id: string; title: string | null; slug: string | null; version: number; updatedAt: Date }[]>`
      SELECT e.id, e.title, e.slug, e.version, e."updatedAt" FROM "Entry" e
      WHERE e."collectionPk" = ${collection.pk} ${where}
      ORDER BY e."updatedAt" DESC, e.id ASC LIMIT ${ENTRIES_PER_PAGE} OFFSET ${offset}`,
    filters.length
      ? db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Entry" e WHERE e."collectionPk" = ${collection.pk} ${where}`.then((r) => r[0].n)
      : Promise.resolve(collection.entryCount),
    // The names some entry carries: their counts with the slots summed (./label-count-sql.ts).
    db()
      .$queryRaw<{ name: string }[]>`SELECT name FROM (${labelCountsSql(collection.pk)}) counts WHERE n > 0 ORDER BY name`
      .then((list) => list.map((row) => row.name)),
  ]);
  const labels = rows.length
    ? await db().entryLabel.findMany({ where: { entryId: { in: rows.map((row) => row.id) } }, select: { entryId: true, name: true, version: true }, orderBy: { name: "asc" } })
    : [];
  return {
    collection,
    rows: rows.map((row) => {
      const own = labels.filter((label) => label.entryId === row.id).map(({ name, version }) => ({ name, version }));
      return { ...row, updatedAt: row.updatedAt.toISOString(), labels: own, published: own.some((label) => label.name === PRODUCTION) };
    }),
    total,
    page: options.page,
    pageCount: Math.max(1, Math.ceil(total / ENTRIES_PER_PAGE)),
    labelNames,
  };
}
