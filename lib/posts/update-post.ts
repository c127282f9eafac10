// PATCH /api/posts/:id: a partial update, including the publish and unpublish flips.
//
// - `publishedAt` and the 5-minute window apply whenever the post ends up published and either
//   was a draft or the body sets the date; `publishedAt: null` then means now. An already
//   published post keeps its date unless the body changes it.
// - Unpublishing clears a date that had already passed (DECISIONS §5: drafts have no
//   publishedAt unless one was set for scheduling); a future one is kept for re-publishing.
// - Events (DECISIONS §5): post.published when the PATCH makes the post published and visible
//   (published, its time reached) and it was not before; post.updated for every other PATCH.
//   `announcedAt` records that the current publication has been announced, so the cron tick
//   announces only what no PATCH has (reset whenever the post stops being visible).
// The post row is locked first, so two concurrent PATCHes cannot both announce one publication.
// `ifMatch` (the If-Match header, DASHBOARD.md) is checked under that lock: a post that changed
// since the caller read it is 412 with the current post, and nothing is written.
// History (HISTORY.md): the write records a revision (lib/posts/record-post-revision.ts) with the
// reason its status change gives (publish, unpublish, schedule; else a coalesced `edit`). A PATCH
// whose fields all equal the post's writes nothing: no revision, no event, and `updatedAt` (the
// ETag) does not move.
// One raw transaction on pg (lib/db-sql.ts; the statements: lib/posts/write-post-update.ts).
// A change readers could see purges the post's cached pages after the answer (lib/cache).
import { postCacheTags } from "../cache/post-cache-tags";
import { purgeAfterResponse, purgeAvailable } from "../cache/purge-after-response";
import { fillMediaImageSizes } from "../media/fill-media-image-sizes";
import { sqlTransaction, type SqlRunner } from "../db-sql";
import { conflict } from "../http/api-error";
import { isUniqueViolation } from "../unique-violation";
import type { UpdatePostInput } from "./post-input";
import { assertSlugNotReserved } from "./reserved-slugs";
import type { RevisionActor } from "./revision-actor";
import { writePostUpdate } from "./write-post-update";

export { revisionReason } from "./write-post-update";

export async function updatePost(options: {
  owner: { id: string; username: string };
  id: string;
  input: UpdatePostInput;
  ifMatch?: string | null;
  /** Who writes, for the revision (and its coalescing); defaults to the owner. */
  actor?: RevisionActor;
  now?: Date;
  /** A check run under the post's lock, in the write's transaction (write-post-update.ts). */
  guard?: (tx: SqlRunner) => Promise<void>;
}): Promise<{ updatedAt: Date; changed: boolean }> {
  const { owner, id, ifMatch, actor, guard } = options;
  const now = options.now ?? new Date();
  if (options.input.slug !== undefined) assertSlugNotReserved(options.input.slug);
  // Media images get their true size (for srcset and a box); before the lock, it is a read.
  const input = options.input.content ? { ...options.input, content: await fillMediaImageSizes(owner.id, options.input.content) } : options.input;

  // A change of co-authors also changes the blogs of the ones it removes: their tags, read first.
  const before = input.coauthors !== undefined && purgeAvailable() ? await postCacheTags([id], { ownerId: owner.id }) : [];
  try {
    const updated = await sqlTransaction((tx) => writePostUpdate(tx, { owner, id, input, ifMatch, actor, now, events: true, guard }));
    // Only what readers could see before or after is purged: a draft's autosaves purge nothing.
    if (updated.changed && updated.public) purgeAfterResponse("post updated", async () => [...before, ...(await postCacheTags([id]))]);
    return { updatedAt: updated.updatedAt, changed: updated.changed };
  } catch (err) {
    if (isUniqueViolation(err, "slug")) throw conflict({ error: "Slug already used" });
    throw err;
  }
}
