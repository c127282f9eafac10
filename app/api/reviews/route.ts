// GET /api/reviews?status=&kind=&cursor=&limit= – post and label reviews, newest first { data, nextCursor }
import { api } from "@/lib/http/api";
import { listReviews } from "@/lib/reviews/list-reviews";
import { reviewListQuerySchema, reviewListSchema } from "@/lib/reviews/review-input";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  scopes: ["posts:read"],
  query: reviewListQuerySchema,
  docs: {
    summary: "List reviews",
    description: "Both kinds, newest first. `nextCursor` (null on the last page) is passed back as `cursor`; `limit` 1–100, default 20.",
    tag: "Reviews",
    sdk: 'inkbase.reviews.list({ status: "open" })',
    responses: { 200: { description: "A page of reviews.", schema: reviewListSchema } },
    errors: { 400: "`Invalid cursor`." },
  },
  handler: ({ principal, query }) => listReviews({ principal, query }),
});
