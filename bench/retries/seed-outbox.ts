// Seeds `count` outbox events of one owner straight in SQL (generate_series), as the write path
// and a feed read would have left them: post.updated bodies like the real ones, spread over the
// last 29 days (inside the 30-day retention), with their feed positions already given.
import type pg from "pg";

export async function seedOutbox(client: pg.Client, options: { ownerId: string; project: string; count: number }): Promise<void> {
  const { ownerId, project, count } = options;
  await client.query("SET synchronous_commit = off");
  await client.query(
    `INSERT INTO "OutboxEvent" (id, "ownerId", type, "orderingKey", body, "createdAt", "feedPosition")
     SELECT e.id, $1, 'post.updated', 'post:p' || (i % 1000), jsonb_build_object(
              'id', e.id, 'type', 'post.updated', 'createdAt', to_char(e.at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'project', $2::text,
              'data', jsonb_build_object('post', jsonb_build_object(
                'id', 'p' || (i % 1000), 'slug', 'post-' || (i % 1000), 'title', 'Post number ' || (i % 1000), 'status', 'published',
                'visibility', 'public', 'publishedAt', to_char(e.at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'url', 'https://blog.example.com/' || $2 || '/post-' || (i % 1000)))),
            e.at, i
     FROM generate_series(1, $3::int) AS i,
          LATERAL (SELECT 'evt_bench_' || lpad(i::text, 10, '0') AS id,
                          (now() AT TIME ZONE 'UTC') - interval '29 days' + (i * interval '29 days') / $3::int AS at) AS e`,
    [ownerId, project, count],
  );
  await client.query(`ANALYZE "OutboxEvent"`);
}
