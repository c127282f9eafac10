// POST /api/collections/:id/entries/:entryId/labels/:name/requests – ask for a label move { version, note? } → 201 the review (collections:write)
import { api } from "@/lib/http/api";
import { labelParams } from "@/lib/collections/route-params";
import { requestLabelReview } from "@/lib/reviews/request-label-review";
import { labelReviewRequestSchema, reviewSchema } from "@/lib/reviews/review-input";

export const POST = api({
  auth: "key-or-session",
  action: "review.request",
  plan: "pro",
  scopes: ["collections:write"],
  params: labelParams,
  body: labelReviewRequestSchema,
  docs: {
    summary: "Request a label move",
    description:
      "For a label the caller may not move (a protected one: `403 Protected label`). Records `fromVersion` (where the label points now, null if nowhere) and `toVersion`; an editor's approval moves it only if it still points at `fromVersion`. Emits review.requested.",
    tag: "Reviews",
    sdk: 'inkbase.reviews.requestLabel("docs", "entry-id", "production", { version: "v_2" })',
    responses: { 201: { description: "The open review.", schema: reviewSchema } },
    errors: { 404: "`Collection not found`, `Entry not found` or `Version not found`." },
  },
  handler: async ({ principal, params, body }) =>
    Response.json(
      await requestLabelReview({ principal, collectionId: params.id, entryId: params.entryId, label: params.name, version: body.version, note: body.note }),
      { status: 201 },
    ),
});
