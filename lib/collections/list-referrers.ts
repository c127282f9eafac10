// The entry page's "Referenced by" (MODELING "Reference fields"): the entries whose current or
// labelled versions point at this one, with their titles and the fields that do, from the same
// query the 409 on delete runs (referrers-sql.ts).
import { db } from "../db";
import { REFERRERS_SHOWN, referrersSql } from "./referrers-sql";

export type ReferrerRow = { collection: string; collectionName: string; entryId: string; title: string | null; paths: string[] };

/** How many referring paths the page reads; more than that shows "and more". */
const READ = 4 * REFERRERS_SHOWN;

export async function listReferrers(options: { ownerId: string; entryId: string }): Promise<{ rows: ReferrerRow[]; more: boolean }> {
  const found = await db().$queryRaw<{ collection: string; collectionName: string; entryId: string; title: string | null; path: string }[]>`
    WITH r AS (${referrersSql({ ownerId: options.ownerId, entryId: options.entryId, limit: READ + 1 })})
    SELECT r.collection, c.name AS "collectionName", r."entryId", e.title, r.path
    FROM r JOIN "Entry" e ON e.id = r."entryId" JOIN "Collection" c ON c.pk = e."collectionPk"
    ORDER BY r.collection, r."entryId", r.path`;
  const rows = new Map<string, ReferrerRow>();
  for (const row of found.slice(0, READ)) {
    const existing = rows.get(row.entryId);
    if (existing) existing.paths.push(row.path);
    else rows.set(row.entryId, { collection: row.collection, collectionName: row.collectionName, entryId: row.entryId, title: row.title, paths: [row.path] });
  }
  return { rows: [...rows.values()], more: found.length > READ };
}
