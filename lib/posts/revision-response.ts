// Request and response shapes of the post history routes (HISTORY.md "API"), as zod schemas: the
// route wrapper parses with them, the OpenAPI document is generated from them, and the
// serializers (./to-revision.ts) are typed by them.
import { z } from "zod";
import { positiveIntQuery } from "../http/positive-int-query";
import { formatQuerySchema } from "./public-read-queries";
import { POST_FIELD_SHAPES } from "./post-fields";
import { postCoauthorSchema, postTagSchema, renderedContentFields, seoOverrideFields } from "./post-response";
import { REVISION_REASONS } from "./record-post-revision";

export const REVISIONS_MAX_LIMIT = 100;

const nullableText = z.string().nullable();
const revisionNumber = z.string().regex(/^[1-9][0-9]{0,8}$/, "A revision number (a positive integer)").transform(Number);

// In the path, anything that is not a revision number names no revision: 404 `Revision not found`
// (as 0 or a pruned number does), never a 400, so a client has one answer to handle.
export const revisionParamsSchema = z.object({
  id: z.string(),
  revision: z
    .string()
    .transform((value) => (/^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : 0))
    .meta({ description: "The revision number (1, 2, 3…).", examples: ["12"] }),
});

export const revisionListQuerySchema = z.object({
  page: positiveIntQuery(1),
  limit: positiveIntQuery(20).transform((value) => Math.min(value, REVISIONS_MAX_LIMIT)).meta({ description: "20 by default, at most 100." }),
});

export const revisionQuerySchema = formatQuerySchema;

export const revisionDiffQuerySchema = z.object({
  against: z
    .union([z.literal("current"), revisionNumber], { error: "`current` or a revision number" })
    .optional()
    .transform((value) => value ?? "current")
    .meta({ description: "`current` (default): the post as it is now; or another revision's number." }),
});

export const revisionActorSchema = z
  .object({
    type: z.enum(["user", "key"]),
    id: z.string().meta({ description: "The user's id, or the API key's id." }),
    username: z.string().optional().meta({ description: "For `user`." }),
    prefix: z.string().optional().meta({ description: "For `key`: its shown prefix (`ink_` + 8 characters)." }),
  })
  .meta({ id: "RevisionActor" });

const revisionHead = {
  revision: z.number().int().meta({ description: "Numbered per post; only grows." }),
  createdAt: z.string().meta({ format: "date-time", description: "When this snapshot was taken (a coalesced edit moves it)." }),
  reason: z.enum(REVISION_REASONS),
  restoredFrom: z.number().int().nullable().meta({ description: "For `restore`: the revision copied back." }),
  actor: revisionActorSchema,
  title: POST_FIELD_SHAPES.title,
  wordCount: z.number().int(),
  status: POST_FIELD_SHAPES.status,
};

export const revisionListItemSchema = z.object(revisionHead).meta({ id: "PostRevisionSummary" });

export const revisionListSchema = z
  .object({
    data: z.array(revisionListItemSchema),
    pageInfo: z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int(), hasMore: z.boolean() }),
  })
  .meta({ id: "PostRevisionPage" });

// subtitle and slug keep the places a revision has always shown them in (as toRevision writes it).
const { subtitle, slug, ...postFields } = POST_FIELD_SHAPES;

export const postRevisionSchema = z
  .object({
    ...revisionHead,
    subtitle,
    excerpt: z.string(),
    ...renderedContentFields,
    slug,
    tags: z.array(postTagSchema),
    coauthors: z.array(postCoauthorSchema),
    ...postFields,
    ...seoOverrideFields,
  })
  .meta({ id: "PostRevision", description: "The whole snapshot; `content` is the raw Tiptap document whatever the format." });

export const revisionBlockChangeSchema = z
  .object({
    kind: z.enum(["changed", "added", "removed"]),
    label: z.string().meta({ description: "What the block is: `Paragraph`, `Heading 2`, `List item`, `Quote`, `Code block`, `Image`…" }),
    before: nullableText,
    after: nullableText,
  })
  .meta({ id: "RevisionBlockChange" });

export const revisionChangeSchema = z
  .object({
    field: z.string(),
    kind: z.enum(["changed", "added", "removed"]),
    before: z.unknown(),
    after: z.unknown(),
    blocks: z.array(revisionBlockChangeSchema).optional().meta({ description: "For `content`: the top-level blocks that differ, with their text on each side." }),
  })
  .meta({ id: "RevisionChange" });

export const revisionDiffSchema = z
  .object({
    from: z.number().int().meta({ description: "The revision asked for: the `before` side." }),
    to: z.union([z.number().int(), z.literal("current")]).meta({ description: "`against`: the `after` side." }),
    changes: z.array(revisionChangeSchema),
  })
  .meta({ id: "PostRevisionDiff" });

export type RevisionListItem = z.output<typeof revisionListItemSchema>;
export type PostRevisionResponse = z.output<typeof postRevisionSchema>;
export type RevisionDiff = z.output<typeof revisionDiffSchema>;
export type RevisionChange = z.output<typeof revisionChangeSchema>;
