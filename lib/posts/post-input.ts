// The bodies of POST /api/posts and PATCH /api/posts/:id (SPEC "Create post body"). Keys the
// schema does not know are ignored rather than refused, so a client can PATCH back an object it
// read (with id, user, rendered, ...) and change only what it means to.
import { z } from "zod";
import { tiptapDocumentSchema } from "../content/tiptap-document";

import { SLUG_PATTERN } from "../slug-pattern";

const text = (max: number) => z.string().max(max, `At most ${max} characters`);
// Any host, `localhost` included: an image uploaded to a local `npm start` has a URL there
// (z.httpUrl would demand a dotted domain name).
const url = z.url({ protocol: /^https?$/, error: "Must be an absolute http(s) URL" }).max(2048, "At most 2048 characters");

const tagName = z
  .string()
  .trim()
  .min(1, "A tag name cannot be empty")
  .max(64, "At most 64 characters")
  .refine((name) => /[\p{L}\p{N}]/u.test(name), "A tag name needs a letter or a digit");

const userCoauthor = z.strictObject({ userId: z.string().min(1).max(64) });
// The dashboard names a co-author by username; stored (and read back) as `{ userId }`.
const usernameCoauthor = z.strictObject({ username: z.string().min(1).max(64) });
const externalCoauthor = z.strictObject({
  externalName: z.string().trim().min(1, "externalName cannot be empty").max(200, "At most 200 characters"),
  externalHandle: text(200).nullable().optional(),
  externalUrl: url.nullable().optional(),
});

export const coauthorInputSchema = z.union([userCoauthor, usernameCoauthor, externalCoauthor], {
  error: "A co-author is { userId }, { username } or { externalName, externalHandle?, externalUrl? }",
});

const postFields = {
  title: z.string().trim().min(1, "A title is required").max(300, "At most 300 characters"),
  slug: z
    .string()
    .min(1, "A slug is required")
    .max(200, "At most 200 characters")
    .regex(SLUG_PATTERN, "Lowercase letters, digits and hyphens only"),
  content: tiptapDocumentSchema,
  excerpt: text(1000).nullable(),
  coverImage: url.nullable(),
  visibility: z.enum(["public", "private", "link-only"]),
  status: z.enum(["draft", "published"]),
  tagNames: z.array(tagName).max(20, "At most 20 tags"),
  publishedAt: z.iso.datetime({ offset: true, error: "An ISO 8601 date-time with a time zone" }).nullable(),
  coauthors: z.array(coauthorInputSchema).max(20, "At most 20 co-authors"),
  subtitle: text(500).nullable(),
  featured: z.boolean(),
  seoTitle: text(300).nullable(),
  seoDescription: text(1000).nullable(),
  canonicalUrl: url.nullable(),
  ogTitle: text(300).nullable(),
  ogDescription: text(1000).nullable(),
  ogImage: url.nullable(),
  twitterTitle: text(300).nullable(),
  twitterDescription: text(1000).nullable(),
  twitterImage: url.nullable(),
  robots: text(200).nullable(),
};

export const createPostSchema = z.object(postFields).partial().required({ title: true, slug: true });
export const updatePostSchema = z.object(postFields).partial();

export type CreatePostInput = z.output<typeof createPostSchema>;
export type UpdatePostInput = z.output<typeof updatePostSchema>;
export type CoauthorInput = z.output<typeof coauthorInputSchema>;
