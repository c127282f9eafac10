// Response shapes of the post routes (SPEC "Post", DECISIONS §5), as zod schemas: the OpenAPI
// document is generated from them, and the serializers (toPost, publicPost) are typed by them,
// so a field added to one without the other is a type error.
import { z } from "zod";
import { tiptapNodeSchema } from "../content/tiptap-document";
import { pageInfoSchema } from "../openapi/shared-schemas";
import { POST_FIELD_SHAPES, SEO_FIELDS, type SeoField } from "./post-fields";

const nullableText = z.string().nullable();

// What a post and a post revision (./revision-response.ts) show alike.
export const postTagSchema = z.object({ name: z.string(), slug: z.string() });
/** The document and its rendering, in this order, on a post and a revision. */
export const renderedContentFields = {
  // The node schema itself, not a described copy: a copy would put a second, unnamed node schema
  // in the document's `$ref` cycle. Its description is on the Post.
  content: tiptapNodeSchema,
  rendered: nullableText.meta({ description: "HTML or Markdown for those formats; null for tiptap." }),
  format: z.enum(["tiptap", "html", "markdown"]),
};
/** The SEO overrides (SEO_FIELDS, in that order), each a text or null. */
export const seoOverrideFields = Object.fromEntries(SEO_FIELDS.map((field) => [field, nullableText])) as {
  [Field in SeoField]: typeof nullableText;
};

export const postCoauthorSchema = z
  .union([
    z.object({ userId: z.string() }),
    z.object({ externalName: z.string(), externalHandle: nullableText, externalUrl: nullableText }),
  ])
  .meta({ id: "PostCoauthor" });

// In the order toPost writes them (to-post-fields.ts, then to-post.ts).
export const postSchema = z
  .object({
    id: z.string(),
    ...POST_FIELD_SHAPES,
    updatedAt: z.string().meta({ format: "date-time" }),
    ...seoOverrideFields,
    excerpt: z.string(),
    ...renderedContentFields,
    tags: z.array(postTagSchema),
    coauthors: z.array(postCoauthorSchema),
    user: z.object({ id: z.string(), username: z.string(), displayName: nullableText, avatar: nullableText }),
    readingTime: z.number(),
  })
  .meta({ id: "Post", description: "`content` is the raw Tiptap document whatever the format; `rendered` is its HTML or Markdown for those formats." });

/** GET /api/posts/:id (TEAMS.md): the owner-side read adds who created the post (the owner for their own). */
export const ownerPostSchema = postSchema
  .extend({ createdBy: z.object({ id: z.string(), username: z.string() }).meta({ description: "The member who created the post; the owner for posts they made (and all posts from before teams)." }) })
  .meta({ id: "OwnerPost" });

const adjacentPost = z.object({ slug: z.string(), title: z.string() }).nullable();

export const postSeoSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    canonical: z.string(),
    robots: z.string(),
    keywords: z.array(z.string()),
    openGraph: z.object({
      type: z.literal("article"),
      title: z.string(),
      description: z.string(),
      url: z.string(),
      siteName: z.string(),
      images: z.array(z.object({ url: z.string() })),
      publishedTime: nullableText,
      modifiedTime: z.string(),
    }),
    twitter: z.object({
      card: z.enum(["summary", "summary_large_image"]),
      title: z.string(),
      description: z.string(),
      images: z.array(z.string()),
    }),
  })
  .meta({ id: "PostSeo" });

export const publicPostSchema = postSchema
  .extend({
    adjacent: z.object({ prev: adjacentPost, next: adjacentPost }),
    seo: postSeoSchema,
    jsonLd: z.array(z.looseObject({ "@context": z.string(), "@type": z.string() })),
  })
  .meta({ id: "PublicPost" });

export const postListSchema = z
  .union([z.array(postSchema), z.object({ posts: z.array(postSchema), pageInfo: pageInfoSchema })])
  .meta({ id: "PostList", description: "A bare array without `page`/`perPage`; the envelope with either." });

export const tagCountSchema = z.object({ name: z.string(), slug: z.string(), count: z.number().int() }).meta({ id: "TagCount" });

export const createdPostSchema = z.object({ id: z.string() });

export const bulkPostResultSchema = z
  .union([
    z.object({ id: z.string(), status: z.literal(200), changed: z.boolean() }),
    z.object({ id: z.string(), status: z.literal(404), error: z.string() }),
  ])
  .meta({ id: "BulkPostResult" });

export const bulkPostsResponseSchema = z.object({
  success: z.literal(true),
  affected: z.number().int(),
  results: z.array(bulkPostResultSchema).optional().meta({ description: "Only with `Prefer: return=representation`." }),
});

export const coauthorshipResponseSchema = z.object({ id: z.string(), showOnBlog: z.boolean() });

export type PostResponse = z.output<typeof postSchema>;
