// Seeds one collection with `count` entries straight in SQL (generate_series), as the write path
// would have left them: every entry has v_1 and v_2 (current), every second one is published
// (production on v_1), and the counters (entryCount, the production label count) match. Each entry
// holds two references (MODELING "Reference fields"), indexed for both versions: `author`, one of
// PEOPLE published entries of a second collection, and `related`, one other published entry.
import type pg from "pg";

export const PEOPLE = 100;

export async function seedEntries(client: pg.Client, options: { collectionPk: string; peoplePk: string; count: number }): Promise<void> {
  const { collectionPk, peoplePk, count } = options;
  const body = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.";
  await client.query("SET synchronous_commit = off");
  await client.query("BEGIN");
  // The people the entries name as author: published, one version each.
  await client.query(
    `INSERT INTO "Entry" (id, "collectionPk", version, data, title, "createdAt", "updatedAt")
     SELECT 'person-' || i, $1, 1, jsonb_build_object('name', 'Person ' || i, 'bio', 'Writes about entry ' || i), 'Person ' || i, now(), now()
     FROM generate_series(1, $2) AS i`,
    [peoplePk, PEOPLE],
  );
  await client.query(`INSERT INTO "EntryVersion" ("entryId", version, data, title, "createdAt") SELECT id, 1, data, title, "createdAt" FROM "Entry" WHERE "collectionPk" = $1`, [peoplePk]);
  await client.query(
    `INSERT INTO "EntryLabel" ("entryId", "collectionPk", name, version, meta, "entryUpdatedAt", "updatedAt")
     SELECT id, "collectionPk", 'production', 1, NULL, "updatedAt", now() FROM "Entry" WHERE "collectionPk" = $1`,
    [peoplePk],
  );
  await client.query(`UPDATE "Collection" SET "entryCount" = $2 WHERE pk = $1`, [peoplePk, PEOPLE]);
  await client.query(`INSERT INTO "CollectionLabelCount" ("collectionPk", name, "entryCount") VALUES ($1, 'production', $2)`, [peoplePk, PEOPLE]);

  // Timestamps spread over the last `count` seconds, oldest first, so the listings have a real order.
  // `related` is a published (even) entry spread over the whole collection.
  await client.query(
    `INSERT INTO "Entry" (id, "collectionPk", version, data, slug, title, summary, "createdAt", "updatedAt")
     SELECT 'bench-' || i, $1, 2,
            jsonb_build_object('title', 'Entry ' || i, 'slug', 'entry-' || i, 'summary', 'Summary of entry ' || i, 'body', $3::text,
              'author', 'person-' || (1 + i % $4), 'related', jsonb_build_array('bench-' || (2 + 2 * ((i::bigint * 7919) % greatest($2 / 2, 1))))),
            'entry-' || i, 'Entry ' || i, 'Summary of entry ' || i,
            now() - ($2 - i) * interval '1 second', now() - ($2 - i) * interval '1 second'
     FROM generate_series(1, $2) AS i`,
    [collectionPk, count, body, PEOPLE],
  );
  await client.query(
    `INSERT INTO "EntryVersion" ("entryId", version, data, slug, title, summary, "createdAt")
     SELECT e.id, v.n,
            CASE WHEN v.n = 2 THEN e.data ELSE e.data || jsonb_build_object('title', e.title || ' (first draft)') END,
            e.slug, CASE WHEN v.n = 2 THEN e.title ELSE e.title || ' (first draft)' END, e.summary, e."createdAt"
     FROM "Entry" e CROSS JOIN (VALUES (1), (2)) AS v(n)
     WHERE e."collectionPk" = $1`,
    [collectionPk],
  );
  await client.query(
    `INSERT INTO "EntryReference" ("sourceEntryId", "sourceVersion", path, "targetEntryId")
     SELECT v."entryId", v.version, r.path, r.target
     FROM "EntryVersion" v JOIN "Entry" e ON e.id = v."entryId"
     CROSS JOIN LATERAL (VALUES ('/author', v.data->>'author'), ('/related/0', v.data->'related'->>0)) AS r(path, target)
     WHERE e."collectionPk" = $1`,
    [collectionPk],
  );
  await client.query(
    `INSERT INTO "EntryLabel" ("entryId", "collectionPk", name, version, meta, "entryUpdatedAt", "updatedAt")
     SELECT id, "collectionPk", 'production', 1, NULL, "updatedAt", now()
     FROM "Entry" WHERE "collectionPk" = $1 AND substr(id, 7)::int % 2 = 0`,
    [collectionPk],
  );
  await client.query(`UPDATE "Collection" SET "entryCount" = $2 WHERE pk = $1`, [collectionPk, count]);
  await client.query(
    `INSERT INTO "CollectionLabelCount" ("collectionPk", name, "entryCount") VALUES ($1, 'production', $2)`,
    [collectionPk, Math.floor(count / 2)],
  );
  await client.query("COMMIT");
  await client.query(`ANALYZE "Entry", "EntryVersion", "EntryLabel", "EntryReference", "Collection", "CollectionLabelCount"`);
}
