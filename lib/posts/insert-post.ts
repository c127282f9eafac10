// The writes of a new post inside the caller's transaction: the row, its tags and co-authors, its
// first revision (HISTORY.md: `create` for a draft, `publish` or `schedule` when created
// published), and post.published when it is published now (SPEC "States and transitions": a draft or a scheduled
// create fires nothing; the cron tick announces a scheduled post once its time has come).
// POST /api/posts and imports share it; an import passes `events: false` (PORTABILITY: imports
// fire no webhook per post) and the post counts as announced, so the tick does not announce it
// later either. `content` must already have its media sizes filled (a read outside the transaction).
import { excerptFromText } from "../content/auto-excerpt";
import { documentText } from "../content/document-text";
import { readingTimeOfWords } from "../content/reading-time";
import { wordCountOfText } from "../content/word-count";
import { EMPTY_DOCUMENT } from "../content/tiptap-document";
import type { Tx } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { postEventData } from "./post-event-data";
import type { CreatePostInput } from "./post-input";
import { fromWireVisibility } from "./post-visibility";
import { recordPostRevision } from "./record-post-revision";
import { ownerActor, type RevisionActor } from "./revision-actor";
import { publicationTime } from "./publication-time";
import { replacePostCoauthors } from "./replace-post-coauthors";
import { replacePostTags } from "./replace-post-tags";
import { pickSeoFields } from "./to-post-fields";

export async function insertPost(
  tx: Tx,
  options: {
    owner: { id: string; username: string };
    input: CreatePostInput;
    actor?: RevisionActor;
    now: Date;
    events: boolean;
    createdAt?: Date;
    /** A member other than the owner who creates it (TEAMS.md `createdBy`). */
    createdById?: string | null;
  },
): Promise<{ id: string }> {
  const { owner, input, now } = options;
  const content = input.content ?? EMPTY_DOCUMENT;
  const givenExcerpt = input.excerpt?.trim() ? input.excerpt : null;
  const requestedAt = input.publishedAt ? new Date(input.publishedAt) : null;
  const published = input.status === "published";
  const publication = published ? publicationTime(requestedAt, now) : null;
  const announce = publication !== null && !publication.scheduled;
  const text = documentText(content);
  const words = wordCountOfText(text);

  const data: Prisma.PostUncheckedCreateInput = {
    ownerId: owner.id,
    slug: input.slug,
    title: input.title,
    subtitle: input.subtitle ?? null,
    excerpt: givenExcerpt ?? excerptFromText(text),
    excerptAuto: givenExcerpt === null,
    content: content as unknown as Prisma.InputJsonObject,
    readingTime: readingTimeOfWords(words),
    coverImage: input.coverImage ?? null,
    featured: input.featured ?? false,
    visibility: fromWireVisibility(input.visibility ?? "public"),
    status: published ? "published" : "draft",
    // A draft keeps a date only when one was given (for scheduling it later).
    publishedAt: publication ? publication.publishedAt : requestedAt,
    announcedAt: announce ? now : null,
    ...pickSeoFields(input),
    createdAt: options.createdAt ?? now,
    updatedAt: now,
    createdById: options.createdById ?? null,
  };

  const post = await tx.post.create({ data });
  if (input.tagNames?.length) await replacePostTags(tx, { ownerId: owner.id, postId: post.id, names: input.tagNames, fresh: true });
  if (input.coauthors?.length) {
    await replacePostCoauthors(tx, { ownerId: owner.id, postId: post.id, coauthors: input.coauthors, fresh: true });
  }
  await recordPostRevision(tx, {
    postId: post.id,
    wordCount: words,
    reason: publication === null ? "create" : publication.scheduled ? "schedule" : "publish",
    actor: options.actor ?? ownerActor(owner.id),
    now,
  });
  if (announce && options.events) {
    await enqueueEvent(tx, {
      ownerId: owner.id,
      project: owner.username,
      type: "post.published",
      orderingKey: `post:${post.id}`,
      data: postEventData(post, owner.username),
      at: now,
    });
  }
  return { id: post.id };
}
