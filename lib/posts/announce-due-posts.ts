// The tick's half for scheduled posts (DECISIONS §5): a post that is published with a publishedAt
// that has now passed, and whose post.published has not been emitted (announcedAt null), gets it
// now, exactly once. Visibility itself needs no job (the read queries compare publishedAt).
// - exactly once: the rows are claimed with FOR UPDATE SKIP LOCKED and announcedAt is set in the
//   same transaction as the event, so concurrent ticks split the posts between them;
// - never at creation / never twice: the post writes set announcedAt themselves whenever they
//   emit post.published, and leave it null only for a post scheduled in the future;
// - not for posts unpublished meanwhile: only status = published qualifies, and unpublishing or
//   rescheduling resets announcedAt (posts engineer), so a later publication is announced again.
import { postCacheTags } from "../cache/post-cache-tags";
import { purgeAfterResponse } from "../cache/purge-after-response";
import { db } from "../db";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { postEventData } from "./post-event-data";

const BATCH_SIZE = 100;

export async function announceDuePosts(options: { ownerId?: string } = {}): Promise<{ published: number }> {
  const ownerId = options.ownerId ?? null;
  let published = 0;
  for (;;) {
    const announced = await db().$transaction(async (tx) => {
      const now = new Date();
      const due = await tx.$queryRaw<{ id: string }[]>`
        SELECT p.id FROM "Post" p
        WHERE p.status = 'published'
          AND p."announcedAt" IS NULL
          AND p."publishedAt" <= ${now}::timestamp(3)
          AND (${ownerId}::text IS NULL OR p."ownerId" = ${ownerId}::text)
        ORDER BY p."publishedAt", p.id
        LIMIT ${BATCH_SIZE}::int
        FOR UPDATE SKIP LOCKED`;
      if (!due.length) return [];
      const posts = await tx.post.findMany({
        where: { id: { in: due.map((row) => row.id) } },
        orderBy: [{ publishedAt: "asc" }, { id: "asc" }],
        select: {
          id: true,
          ownerId: true,
          slug: true,
          title: true,
          status: true,
          visibility: true,
          publishedAt: true,
          owner: { select: { username: true } },
        },
      });
      for (const post of posts) {
        await enqueueEvent(tx, {
          ownerId: post.ownerId,
          project: post.owner.username,
          type: "post.published",
          orderingKey: `post:${post.id}`,
          data: postEventData(post, post.owner.username),
        });
      }
      await tx.post.updateMany({ where: { id: { in: posts.map((post) => post.id) } }, data: { announcedAt: now } });
      return posts.map((post) => post.id);
    });
    // Now visible: the blogs that list them are purged after the tick's answer (lib/cache).
    const ids = announced;
    if (ids.length) purgeAfterResponse("scheduled posts", () => postCacheTags(ids));
    const count = ids.length;
    published += count;
    if (count < BATCH_SIZE) return { published };
  }
}
