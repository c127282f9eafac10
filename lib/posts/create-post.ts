// POST /api/posts. One transaction: the post, its tags and co-authors, its first revision
// (HISTORY.md: `create` for a draft, `publish` or `schedule` for a post created published), and
// post.published when it is published now (lib/posts/insert-post.ts, which imports share). A
// published post purges its blog's cached pages after the answer (lib/cache).
import { recordAudit } from "../audit/record-audit";
import { postCacheTags } from "../cache/post-cache-tags";
import { purgeAfterResponse } from "../cache/purge-after-response";
import { EMPTY_DOCUMENT } from "../content/tiptap-document";
import { db } from "../db";
import { fillMediaImageSizes } from "../media/fill-media-image-sizes";
import { conflict } from "../http/api-error";
import { isUniqueViolation } from "../unique-violation";
import { insertPost } from "./insert-post";
import type { CreatePostInput } from "./post-input";
import { publicationTime } from "./publication-time";
import { assertSlugNotReserved } from "./reserved-slugs";
import type { RevisionActor } from "./revision-actor";

export async function createPost(options: {
  owner: { id: string; username: string };
  input: CreatePostInput;
  /** Who creates it, for its first revision; defaults to the owner. */
  actor?: RevisionActor;
  /**
   * TEAMS.md: a member other than the owner who creates it is its `createdBy` and, unless
   * `coauthors` is given, its first { userId } co-author.
   */
  createdById?: string | null;
  now?: Date;
}): Promise<{ id: string }> {
  const { owner, actor } = options;
  const createdById = options.createdById && options.createdById !== owner.id ? options.createdById : null;
  const input = createdById && options.input.coauthors === undefined ? { ...options.input, coauthors: [{ userId: createdById }] } : options.input;
  const now = options.now ?? new Date();
  assertSlugNotReserved(options.input.slug);
  const content = await fillMediaImageSizes(owner.id, options.input.content ?? EMPTY_DOCUMENT);
  try {
    const created = await db().$transaction(async (tx) => {
      const post = await insertPost(tx, { owner, input: { ...input, content }, actor, now, events: true, createdById });
      await recordAudit(tx, { action: "post.created", target: { type: "post", id: post.id, name: options.input.title }, changes: { status: options.input.status ?? "draft" } });
      return post;
    });
    // A draft or a scheduled post changes nothing readers see (the tick purges the latter when its
    // time comes); a post published now is in its blog's pages.
    const requested = options.input.publishedAt ? new Date(options.input.publishedAt) : null;
    if (options.input.status === "published" && !publicationTime(requested, now).scheduled) purgeAfterResponse("post created", () => postCacheTags([created.id]));
    return created;
  } catch (err) {
    if (isUniqueViolation(err, "slug")) throw conflict({ error: "Slug already used" });
    throw err;
  }
}
