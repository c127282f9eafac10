// The writes of a post update inside the caller's transaction (see update-post.ts for the rules).
// PATCH and imports share it; an import passes `events: false` (PORTABILITY: imports fire no
// webhook per post), and then a publication it makes counts as announced.
//
// Raw statements (lib/db-sql.ts), so PATCH runs on pg directly and an import in its Prisma
// transaction. An autosave (title and content) is two round trips: BEGIN with the lock, then one
// statement with the COMMIT (lib/db-sql.ts: LastStatement) that updates the row, copies it into
// its revision (coalesced or added, pruned at the bound) and writes post.updated to the outbox
// with its delivery rows (lib/webhooks/enqueue-event.ts: eventStatement). Only the fields the body sends are
// compared with the post: the scalars here, the content by PostgreSQL in the update's WHERE (a
// document equal to the stored one matches nothing), tags and co-authors by their replacers.
// A write that changes none of them writes nothing: no revision, no event, `updatedAt` stays.
import { excerptFromText } from "../content/auto-excerpt";
import { documentText } from "../content/document-text";
import { readingTimeOfWords } from "../content/reading-time";
import type { TiptapDocument } from "../content/tiptap-document";
import { wordCountOfText } from "../content/word-count";
import { auditInsertSql } from "../audit/record-audit";
import type { AuditAction } from "../audit/audit-actions";
import { lastStatement, type LastStatement, type SqlRunner } from "../db-sql";
import { env } from "../env";
import { Prisma } from "../generated/prisma/client";
import { notFound, preconditionFailed } from "../http/api-error";
import { eventStatement, NO_EVENT_COLUMNS, type EventRow } from "../webhooks/enqueue-event";
import { loadPosts } from "./load-posts";
import { postEventData } from "./post-event-data";
import { SEO_FIELDS } from "./post-fields";
import type { UpdatePostInput } from "./post-input";
import { ifMatchSatisfied, nextRevisionTime, postRevisionEtag } from "./post-revision";
import { fromWireVisibility, type WireVisibility } from "./post-visibility";
import { publicationTime } from "./publication-time";
import { recordedRevision, revisionSql, type RevisionReason } from "./record-post-revision";
import { replacePostCoauthors } from "./replace-post-coauthors";
import { replacePostTags } from "./replace-post-tags";
import { ownerActor, type RevisionActor } from "./revision-actor";
import { toPost } from "./to-post";

/** The locked row: what this update compares and derives from. `content` only when it is needed. */
type LockedPost = {
  title: string;
  subtitle: string | null;
  excerpt: string;
  excerptAuto: boolean;
  content: TiptapDocument | null;
  slug: string;
  coverImage: string | null;
  featured: boolean;
  /** The database's spelling, as on the wire (`link-only`). */
  visibility: WireVisibility;
  status: "draft" | "published";
  publishedAt: Date | null;
  announcedAt: Date | null;
  updatedAt: Date;
} & Record<(typeof SEO_FIELDS)[number], string | null>;

const SEO_COLUMNS = Prisma.raw(SEO_FIELDS.map((field) => `"${field}"`).join(", "));

/** Fields copied as sent, each compared with the stored value. */
const PLAIN_FIELDS = ["title", "slug", "subtitle", "coverImage", "featured", ...SEO_FIELDS] as const;

const isLive = (status: string, publishedAt: Date | null, now: Date) =>
  status === "published" && publishedAt !== null && publishedAt.getTime() <= now.getTime();

/** Why a revision is written: the status change the write made, else an edit. */
export function revisionReason(before: { status: string; publishedAt: Date | null }, after: { status: string; publishedAt: Date | null }, now: Date): RevisionReason {
  const future = (date: Date | null) => date !== null && date.getTime() > now.getTime();
  if (after.status === "draft") return before.status === "published" ? "unpublish" : "edit";
  const moved = before.publishedAt?.getTime() !== after.publishedAt?.getTime();
  if (before.status === "draft" || moved) {
    if (future(after.publishedAt)) return "schedule";
    if (before.status === "draft" || future(before.publishedAt)) return "publish";
  }
  return "edit";
}

/** `public`: readers could see the post before or after the write (its cached pages are then purged: update-post.ts). */
export type PostUpdated = { updatedAt: Date; changed: boolean; public: boolean };

/** The audit action of a PATCH, by the revision reason its status change gives. */
const AUDIT_ACTION_OF_REASON: Record<string, AuditAction> = {
  publish: "post.published",
  unpublish: "post.unpublished",
  schedule: "post.scheduled",
  edit: "post.updated",
};

/** The update, ending (when it can) in the statement sent with the COMMIT: run it with sqlTransaction, or runLastStatement. */
export async function writePostUpdate(
  tx: SqlRunner,
  options: {
    owner: { id: string; username: string };
    id: string;
    input: UpdatePostInput;
    ifMatch?: string | null;
    actor?: RevisionActor;
    now: Date;
    events: boolean;
    /** Run once the row is locked, before anything is written; throwing refuses the write (a PATCH's review check). */
    guard?: (tx: SqlRunner) => Promise<void>;
  },
): Promise<PostUpdated | LastStatement<PostUpdated>> {
  const { owner, id, input, ifMatch, now } = options;
  // An emptied excerpt without new content is derived from the stored content: only then is the
  // document read back.
  const excerptGiven = input.excerpt === undefined ? undefined : input.excerpt?.trim() ? input.excerpt : null;
  const needContent = excerptGiven === null && input.content === undefined;
  const [old] = await tx.$queryRaw<LockedPost[]>`
    SELECT title, subtitle, excerpt, "excerptAuto", CASE WHEN ${needContent}::boolean THEN content END AS content, slug, "coverImage",
           featured, visibility::text AS visibility, status::text AS status, "publishedAt", ${SEO_COLUMNS}, "announcedAt", "updatedAt"
    FROM "Post" WHERE id = ${id} AND "ownerId" = ${owner.id} FOR UPDATE`;
  if (!old) throw notFound("Post not found");
  if (options.guard) await options.guard(tx);
  if (ifMatch && !ifMatchSatisfied(ifMatch, postRevisionEtag(old.updatedAt))) {
    const [current] = await loadPosts([id], { runner: tx });
    throw preconditionFailed({ current: toPost(current, "tiptap") });
  }

  const status = input.status ?? old.status;
  let publishedAt =
    input.publishedAt === undefined ? old.publishedAt : input.publishedAt === null ? null : new Date(input.publishedAt);
  if (status === "published" && (old.status === "draft" || input.publishedAt !== undefined)) {
    publishedAt = publicationTime(publishedAt, now).publishedAt;
  } else if (status === "draft" && old.status === "published" && input.publishedAt === undefined) {
    if (publishedAt && publishedAt.getTime() <= now.getTime()) publishedAt = null;
  }
  const wasLive = isLive(old.status, old.publishedAt, now);
  const live = isLive(status, publishedAt, now);
  const announce = live && !wasLive;
  let changed = status !== old.status || (publishedAt?.getTime() ?? null) !== (old.publishedAt?.getTime() ?? null);

  const set: Prisma.Sql[] = [
    Prisma.sql`status = ${status}::"PostStatus"`,
    Prisma.sql`"publishedAt" = ${publishedAt}::timestamp(3)`,
    Prisma.sql`"announcedAt" = ${announce ? now : live ? old.announcedAt : null}::timestamp(3)`,
    Prisma.sql`"updatedAt" = ${nextRevisionTime(old.updatedAt, now)}::timestamp(3)`,
  ];
  for (const field of PLAIN_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    changed ||= value !== old[field];
    set.push(field === "featured" ? Prisma.sql`featured = ${value}::boolean` : Prisma.sql`${Prisma.raw(`"${field}"`)} = ${value}::text`);
  }
  if (input.visibility !== undefined) {
    changed ||= input.visibility !== old.visibility;
    set.push(Prisma.sql`visibility = ${input.visibility}::"PostVisibility"`);
  }

  // The document's text once: its words (the reading time and the revision) and the excerpt.
  let words: number | undefined;
  let contentJson: string | null = null;
  let text: string | undefined;
  if (input.content !== undefined) {
    text = documentText(input.content);
    words = wordCountOfText(text);
    contentJson = JSON.stringify(input.content);
    // The document is sent once (`sent`, below) and read twice: a second copy of its parameter
    // doubled the bytes of every autosave's statement (issue 27's profile of the post PATCH:
    // socket writes to PostgreSQL were a sixth of the server's time).
    set.push(Prisma.sql`content = (SELECT content FROM sent)`, Prisma.sql`"readingTime" = ${readingTimeOfWords(words)}::int`);
  }
  let excerpt: { text: string; auto: boolean } | undefined;
  if (excerptGiven !== undefined) {
    // An empty or null excerpt hands it back to the content.
    excerpt = excerptGiven === null ? { text: excerptFromText(text ?? documentText(old.content!)), auto: true } : { text: excerptGiven, auto: false };
  } else if (text !== undefined && old.excerptAuto) {
    excerpt = { text: excerptFromText(text), auto: true };
  }
  if (excerpt) {
    changed ||= excerpt.text !== old.excerpt || excerpt.auto !== old.excerptAuto;
    set.push(Prisma.sql`excerpt = ${excerpt.text}::text`, Prisma.sql`"excerptAuto" = ${excerpt.auto}::boolean`);
  }

  // Tags and co-authors are replaced first (each only when it differs), so that the revision's
  // statement below reads them as they now are.
  if (input.tagNames !== undefined && (await replacePostTags(tx, { ownerId: owner.id, postId: id, names: input.tagNames }))) changed = true;
  if (input.coauthors !== undefined && (await replacePostCoauthors(tx, { ownerId: owner.id, postId: id, coauthors: input.coauthors }))) changed = true;
  const seen = wasLive || live;
  if (!changed && contentJson === null) return { updatedAt: old.updatedAt, changed: false, public: seen };

  // bench/history's baseline measures PATCH without any of history's work.
  const history = !env.benchWithoutPostRevisions;
  const revision = history
    ? Prisma.sql`, ${revisionSql({ postId: id, reason: revisionReason(old, { status, publishedAt }, now), actor: options.actor ?? ownerActor(owner.id), now, wordCount: words })}`
    : Prisma.empty;
  // The event's body is known before the write (every field it shows is sent or locked above); it
  // is written only if the update matched (the document differed).
  const eventData = postEventData({ id, slug: input.slug ?? old.slug, title: input.title ?? old.title, status, visibility: fromWireVisibility(input.visibility ?? old.visibility), publishedAt }, owner.username);
  const event = options.events
    ? eventStatement({ ownerId: owner.id, project: owner.username, type: announce ? "post.published" : "post.updated", orderingKey: `post:${id}`, data: eventData, at: now }, Prisma.sql`EXISTS (SELECT 1 FROM post)`)
    : null;
  // The audit row (lib/audit) in the same statement, written only if the update matched.
  const reason = revisionReason(old, { status, publishedAt }, now);
  const audit = auditInsertSql(
    {
      action: AUDIT_ACTION_OF_REASON[reason] ?? "post.updated",
      target: { type: "post", id, name: input.title ?? old.title },
      changes: { fields: Object.keys(input).filter((field) => input[field as keyof UpdatePostInput] !== undefined) },
    },
    Prisma.sql`EXISTS (SELECT 1 FROM post)`,
  );
  type Row = { updatedAt: Date | null; revision: number | null; wordCount: number | null; coalesced: boolean | null } & EventRow;
  const statement = Prisma.sql`
    WITH sent AS (SELECT ${contentJson}::jsonb AS content),
    post AS (
      UPDATE "Post" SET ${Prisma.join(set)}
      WHERE id = ${id} AND (${changed}::boolean OR content IS DISTINCT FROM (SELECT content FROM sent))
      RETURNING *)
    ${revision}${event ? Prisma.sql`, ${event.ctes}` : Prisma.empty}${audit ? Prisma.sql`, audit AS (${audit})` : Prisma.empty}
    SELECT (SELECT "updatedAt" FROM post),
           ${history ? Prisma.sql`r.revision, r."wordCount", r.coalesced` : Prisma.sql`NULL::int AS revision, NULL::int AS "wordCount", NULL::boolean AS coalesced`},
           ${event ? event.columns : NO_EVENT_COLUMNS}
    ${history ? Prisma.sql`FROM (SELECT 1) one LEFT JOIN recorded r ON true` : Prisma.empty}`;
  // The same document as the stored one, and nothing else sent differs.
  const unchanged = { updatedAt: old.updatedAt, changed: false, public: seen };
  const finish = ([post]: Row[]) => {
    if (post.updatedAt === null) return unchanged;
    event?.delivered(post);
    return { updatedAt: post.updatedAt, changed: true, public: seen };
  };
  // With the words counted here (the content was sent), nothing follows the statement: it goes
  // out with the COMMIT. Otherwise the revision may still need its word count (recordedRevision).
  if (words !== undefined || !history) return lastStatement(statement, finish);
  const rows = await tx.$queryRaw<Row[]>(statement);
  if (rows[0].revision !== null) await recordedRevision(tx, id, { revision: rows[0].revision, wordCount: rows[0].wordCount!, coalesced: rows[0].coalesced! });
  return finish(rows);
}
