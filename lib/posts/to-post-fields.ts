// The fields a post has the same way in every shape that carries it — the API's Post resource
// (to-post.ts), a revision (to-revision.ts) and our export (lib/portability/export-posts.ts),
// converted once here from the list in post-fields.ts. What differs stays with each shape (the
// API's excerpt and rendered content, the export's derived-excerpt null, co-authors by id or by
// username, a revision's number and actor).
import type { Post } from "../generated/prisma/client";
import { SEO_FIELDS, type PostField, type SeoField } from "./post-fields";
import { toWireVisibility } from "./post-visibility";

/** The SEO fields of a row or an input, absent ones as null. */
export function pickSeoFields(source: Partial<Record<SeoField, string | null>>): Record<SeoField, string | null> {
  return Object.fromEntries(SEO_FIELDS.map((field) => [field, source[field] ?? null])) as Record<SeoField, string | null>;
}

/** POST_FIELDS of a row (a post or a revision) as the API shows them: `link-only`, ISO dates. */
export function postFieldsOnTheWire(row: Pick<Post, PostField>) {
  return {
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    coverImage: row.coverImage,
    featured: row.featured,
    visibility: toWireVisibility(row.visibility),
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  } satisfies Record<PostField, unknown>;
}

export function toPostFields(row: Pick<Post, "id" | "updatedAt" | PostField | SeoField>) {
  return { id: row.id, ...postFieldsOnTheWire(row), updatedAt: row.updatedAt.toISOString(), ...pickSeoFields(row) };
}
