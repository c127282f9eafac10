// GET /api/reviews/:id – one review
import { api } from "@/lib/http/api";
import { getReview } from "@/lib/reviews/get-review";
import { reviewParamsSchema, reviewSchema } from "@/lib/reviews/review-input";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  scopes: ["posts:read"],
  params: reviewParamsSchema,
  docs: {
    summary: "Get a review",
    tag: "Reviews",
    sdk: 'inkbase.reviews.get("rvw_…")',
    responses: { 200: { description: "The review.", schema: reviewSchema } },
    errors: { 404: "`Review not found`." },
  },
  handler: ({ principal, params }) => getReview({ principal, id: params.id }),
});
