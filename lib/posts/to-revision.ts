// Post revisions as the API shows them (HISTORY.md): the list item (`toRevisionSummary`) and the
// whole snapshot with `rendered` like a post read (`toRevision`). The actor is `{ type: "user", id,
// username }` or `{ type: "key", id, prefix }`.
import type { ContentFormat } from "../content/content-format";
import { renderContent } from "../content/render-content";
import type { TiptapDocument } from "../content/tiptap-document";
import type { PostRevision } from "../generated/prisma/client";
import { pickSeoFields, postFieldsOnTheWire } from "./to-post-fields";
import type { PostRevisionResponse, RevisionListItem } from "./revision-response";
import type { RevisionReason } from "./record-post-revision";
import type { PostCoauthorResponse } from "./to-post";

export type RevisionHeadRow = Pick<
  PostRevision,
  "postId" | "revision" | "createdAt" | "reason" | "restoredFrom" | "actorType" | "actorId" | "actorPrefix" | "title" | "wordCount" | "status"
> & { actorUsername: string | null };

export function toRevisionSummary(row: RevisionHeadRow): RevisionListItem {
  return {
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    reason: row.reason as RevisionReason,
    restoredFrom: row.restoredFrom,
    actor:
      row.actorType === "key"
        ? { type: "key", id: row.actorId, ...(row.actorPrefix ? { prefix: row.actorPrefix } : {}) }
        : { type: "user", id: row.actorId, ...(row.actorUsername ? { username: row.actorUsername } : {}) },
    title: row.title,
    wordCount: row.wordCount,
    status: row.status,
  };
}

export function toRevision(row: PostRevision & { actorUsername: string | null }, format: ContentFormat): PostRevisionResponse {
  const content = row.content as unknown as TiptapDocument;
  // subtitle and slug keep the places a revision has always shown them in; the rest of the
  // post's fields follow the co-authors (title and status are in the summary already).
  const { subtitle, slug, ...fields } = postFieldsOnTheWire(row);
  return {
    ...toRevisionSummary(row),
    subtitle,
    excerpt: row.excerpt,
    content,
    // A revision's snapshot changes only when a coalesced edit rewrites it, which moves createdAt.
    rendered: renderContent(content, format, `${row.postId}:rev${row.revision}:${row.createdAt.getTime()}`),
    format,
    slug,
    tags: row.tags as { name: string; slug: string }[],
    coauthors: row.coauthors as PostCoauthorResponse[],
    ...fields,
    ...pickSeoFields(row),
  };
}
