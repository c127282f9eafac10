// POST /api/reviews/:id/withdraw – the requester takes back an open request → 200 the review
import { api } from "@/lib/http/api";
import { withdrawReview } from "@/lib/reviews/withdraw-review";
import { reviewParamsSchema, reviewSchema } from "@/lib/reviews/review-input";

export const POST = api({
  auth: "key-or-session",
  action: "project.read",
  scopes: ["posts:write"],
  params: reviewParamsSchema,
  docs: {
    summary: "Withdraw a review request",
    tag: "Reviews",
    sdk: 'inkbase.reviews.withdraw("rvw_…")',
    responses: { 200: { description: "The withdrawn review.", schema: reviewSchema } },
    errors: { 403: "`Only the requester can withdraw`.", 404: "`Review not found`.", 409: "`Review is not open` (with its `status`)." },
  },
  handler: ({ principal, params }) => withdrawReview({ principal, id: params.id }),
});
