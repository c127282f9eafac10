// POST /api/posts/:id/review-requests – ask for review of the post as it is now { note? } → 201 the review (posts:write)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { requestPostReview } from "@/lib/reviews/request-post-review";
import { postReviewRequestSchema, reviewSchema } from "@/lib/reviews/review-input";

export const POST = api({
  auth: "key-or-session",
  action: "review.request",
  scopes: ["posts:write"],
  params: z.object({ id: z.string().min(1).max(100) }),
  body: postReviewRequestSchema,
  docs: {
    summary: "Request review of a post",
    description:
      "Any member who may edit the post. Pinned to the post's newest revision; an older open request of the same post becomes `outdated`. Emits review.requested.",
    tag: "Reviews",
    sdk: 'inkbase.reviews.requestPost("post-id", { note: "Ready" })',
    responses: { 201: { description: "The open review.", schema: reviewSchema } },
    errors: { 404: "`Post not found`." },
  },
  handler: async ({ principal, params, body }) => Response.json(await requestPostReview({ principal, postId: params.id, note: body.note }), { status: 201 }),
});
