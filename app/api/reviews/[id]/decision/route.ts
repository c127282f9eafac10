// POST /api/reviews/:id/decision – approve (and publish or schedule) or request changes { decision, note?, publish?, publishAt? } → 200 the review (editor or above)
import { api } from "@/lib/http/api";
import { requireVerifiedEmail } from "@/lib/auth/require-verified-email";
import { decideReview } from "@/lib/reviews/decide-review";
import { reviewDecisionSchema, reviewParamsSchema, reviewSchema } from "@/lib/reviews/review-input";

export const POST = api({
  auth: "key-or-session",
  action: "review.decide",
  scopes: ["posts:write"],
  params: reviewParamsSchema,
  body: reviewDecisionSchema,
  docs: {
    summary: "Decide a review",
    description:
      "A post: approval pins its current revision (`approvedRevision`); with `publish` or `publishAt` the post is published or scheduled in the same transaction. Any later edit voids the approval. A label: approval points it at `toVersion` if it still points at `fromVersion`, else 409 and the review becomes `outdated`. Of two concurrent decisions one wins; the other gets 409 `Review is not open`. Emits review.decided.",
    tag: "Reviews",
    sdk: 'inkbase.reviews.decide("rvw_…", { decision: "approve", publish: true })',
    responses: { 200: { description: "The decided review, with `decidedBy`.", schema: reviewSchema } },
    errors: {
      403: "`You cannot review your own request`, or `Verify your email address first` (publishing from an unverified account).",
      404: "`Review not found`, `Post not found`, `Entry not found` or `Version not found`.",
      409: "`Label moved since the request` (the review is now `outdated`) or `Review is not open` (with its `status`).",
    },
  },
  handler: ({ principal, params, body }) => {
    if (body.decision === "approve" && (body.publish || body.publishAt)) requireVerifiedEmail(principal);
    return decideReview({ principal, id: params.id, input: body });
  },
});
