// Which fields make a post, named once (issue 39). The Post resource and its zod schema
// (to-post-fields.ts, post-response.ts), a revision's snapshot (post-snapshot.ts,
// record-post-revision.ts), a revision as the API shows it (to-revision.ts, revision-response.ts),
// the restore (restore-post-revision.ts) and our JSON export (lib/portability/export-posts.ts) all
// take them from here. A field added here is a type error until it has its wire shape below and
// its conversion in postFieldsOnTheWire; then it reaches every one of those shapes. (The request
// bodies, post-input.ts, keep their own list: what a client may send, with its limits.)
import { z } from "zod";

const nullableText = z.string().nullable();

/** The SEO overrides, each a text or null, in the order every shape lists them. */
export const SEO_FIELDS = [
  "seoTitle",
  "seoDescription",
  "canonicalUrl",
  "ogTitle",
  "ogDescription",
  "ogImage",
  "twitterTitle",
  "twitterDescription",
  "twitterImage",
  "robots",
] as const;
export type SeoField = (typeof SEO_FIELDS)[number];

/**
 * The post's own fields (beside its content, excerpt, tags, co-authors and SEO overrides), each
 * with its shape on the wire, in the order the Post resource and the export list them.
 */
export const POST_FIELD_SHAPES = {
  slug: z.string(),
  title: z.string(),
  subtitle: nullableText,
  coverImage: nullableText,
  featured: z.boolean(),
  visibility: z.enum(["public", "private", "link-only"]),
  status: z.enum(["draft", "published"]),
  publishedAt: nullableText.meta({ format: "date-time" }),
};
export type PostField = keyof typeof POST_FIELD_SHAPES;
export const POST_FIELDS = Object.keys(POST_FIELD_SHAPES) as PostField[];

/** Publishing, scheduling and unpublishing write these; a revision keeps them, a restore leaves them as they are (HISTORY.md). */
const PUBLICATION_FIELDS = ["status", "publishedAt"] as const satisfies readonly PostField[];

/** What a restore copies back from a revision, beside the content, excerpt, tags and co-authors. */
export const RESTORED_FIELDS = [
  ...POST_FIELDS.filter((field): field is Exclude<PostField, (typeof PUBLICATION_FIELDS)[number]> => !(PUBLICATION_FIELDS as readonly string[]).includes(field)),
  ...SEO_FIELDS,
];

/**
 * The columns of "Post" a revision keeps, each under the same name in "PostRevision" (its tags and
 * co-authors are kept beside them, as the Post resource shows them).
 */
export const SNAPSHOT_COLUMNS = [...POST_FIELDS, "excerpt", "excerptAuto", "content", ...SEO_FIELDS] as const;
export type SnapshotColumn = (typeof SNAPSHOT_COLUMNS)[number];
