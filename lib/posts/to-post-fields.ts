// The fields a post has the same way in every shape that carries it — the API's Post resource
// (to-post.ts) and our export (lib/portability/export-posts.ts): one list, so a field added to
// posts reaches both. What differs stays with each shape (the API's excerpt and rendered
// content, the export's derived-excerpt null, co-authors by id or by username).
import type { Post } from "../generated/prisma/client";
import { SEO_FIELDS } from "./post-input";
import { toWireVisibility } from "./post-visibility";

type SeoField = (typeof SEO_FIELDS)[number];

/** The SEO fields of a row or an input, absent ones as null. */
export function pickSeoFields(source: Partial<Record<SeoField, string | null>>): Record<SeoField, string | null> {
  return Object.fromEntries(SEO_FIELDS.map((field) => [field, source[field] ?? null])) as Record<SeoField, string | null>;
}

export function toPostFields(row: Pick<Post, "id" | "slug" | "title" | "subtitle" | "coverImage" | "featured" | "visibility" | "status" | "publishedAt" | "updatedAt" | SeoField>) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    coverImage: row.coverImage,
    featured: row.featured,
    visibility: toWireVisibility(row.visibility),
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    ...pickSeoFields(row),
  };
}
