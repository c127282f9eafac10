// The edges of TEAMS.md "Review": request, decision and list inputs, and the review as answered.
import { z } from "zod";
import { versionIdSchema } from "../collections/version-id";

export const REVIEW_STATUSES = ["open", "approved", "changes_requested", "withdrawn", "outdated"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const note = z.string().trim().max(2000).optional().meta({ description: "Shown with the request (at most 2,000 characters)." });

export const postReviewRequestSchema = z.strictObject({ note });

export const labelReviewRequestSchema = z.strictObject({
  version: versionIdSchema.meta({ description: "The version the label should point at, `v_<n>`." }),
  note,
});

export const reviewDecisionSchema = z.strictObject({
  decision: z.enum(["approve", "request_changes"]),
  note,
  publish: z.boolean().optional().meta({ description: "A post: publish the approved revision in the same transaction." }),
  publishAt: z.iso
    .datetime({ offset: true, error: "An ISO 8601 date-time with a time zone" })
    .optional()
    .meta({ description: "A post: schedule the approved revision for this time in the same transaction." }),
});
export type ReviewDecisionInput = z.output<typeof reviewDecisionSchema>;

export const reviewListQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES).optional(),
  kind: z.enum(["post", "label"]).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>;

export const reviewParamsSchema = z.object({ id: z.string().min(1).max(100) });

const person = z.object({ id: z.string(), username: z.string() });

const common = {
  id: z.string(),
  status: z.enum(REVIEW_STATUSES),
  requestedBy: person,
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedBy: person.nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
};

export const reviewSchema = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("post"),
      postId: z.string(),
      revision: z.number().int(),
      approvedRevision: z.number().int().optional().meta({ description: "Once approved: the revision the approval pinned." }),
      ...common,
    }),
    z.object({
      kind: z.literal("label"),
      collectionId: z.string(),
      entryId: z.string(),
      label: z.string(),
      fromVersion: z.string().nullable().meta({ description: "Where the label pointed when requested (null: nowhere)." }),
      toVersion: z.string(),
      ...common,
    }),
  ])
  .meta({ id: "Review" });
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.object({ data: z.array(reviewSchema), nextCursor: z.string().nullable() });
