// The Post resource of SPEC, the same shape on every read (public list, single post, search,
// /api/posts/mine, GET /api/posts/:id). `content` is always the stored document; `rendered` is
// HTML or Markdown for those formats and null for tiptap.
import type { ContentFormat } from "../content/content-format";
import { loadRenderers, renderContent } from "../content/render-content";
import type { TiptapDocument } from "../content/tiptap-document";
import type { PostRecord } from "./post-include";
import { toWireVisibility } from "./post-visibility";
import { seoOverridesOf } from "./seo-overrides-of";
import type { PostResponse } from "./post-response";

export type PostCoauthorResponse =
  | { userId: string }
  | { externalName: string; externalHandle: string | null; externalUrl: string | null };

export function toCoauthor(row: PostRecord["coauthors"][number]): PostCoauthorResponse {
  if (row.userId) return { userId: row.userId };
  return { externalName: row.externalName ?? "", externalHandle: row.externalHandle, externalUrl: row.externalUrl };
}

export function toPost(row: PostRecord, format: ContentFormat): PostResponse {
  const content = row.content as unknown as TiptapDocument;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    excerpt: row.excerpt,
    content,
    // Keyed by updatedAt: every write to a post (content, tags, co-authors) moves it.
    rendered: renderContent(content, format, `${row.id}:${row.updatedAt.getTime()}`),
    format,
    coverImage: row.coverImage,
    featured: row.featured,
    tags: row.tags.map(({ tag }) => ({ name: tag.name, slug: tag.slug })).sort((a, b) => (a.slug < b.slug ? -1 : 1)),
    coauthors: row.coauthors.map(toCoauthor),
    user: { id: row.owner.id, username: row.owner.username, displayName: row.owner.displayName, avatar: row.owner.avatar },
    readingTime: row.readingTime,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    visibility: toWireVisibility(row.visibility),
    status: row.status,
    ...seoOverridesOf(row),
  };
}

/** toPost for reads in any format: the renderers are loaded first when the format needs them. */
export async function toPosts(rows: PostRecord[], format: ContentFormat): Promise<PostResponse[]> {
  if (format !== "tiptap") await loadRenderers();
  return rows.map((row) => toPost(row, format));
}

// The shape is the zod schema the OpenAPI document is generated from (./post-response.ts).
export type { PostResponse };
