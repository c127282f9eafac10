// POST /api/posts/:id/preview-links – a shareable link to the post as it is now { expiresInHours? } → 201 { id, url, expiresAt } (posts:write)
// GET /api/posts/:id/preview-links – the post's links that were not revoked, without tokens (posts:write)
import { api } from "@/lib/http/api";
import { requireVerifiedEmail } from "@/lib/auth/require-verified-email";
import { createPreviewLink } from "@/lib/preview-links/create-preview-link";
import { listPreviewLinks } from "@/lib/preview-links/list-preview-links";
import {
  createdPreviewLinkSchema,
  createPreviewLinkSchema,
  previewLinkListSchema,
  previewLinkParamsSchema,
} from "@/lib/preview-links/preview-link-input";

export const runtime = "nodejs";

// Managing links is a write: keys need posts:write for the list too (TEAMS.md "Keys with
// `posts:write` may manage preview links like sessions"). Who among members may is decided in the
// domain functions (lib/preview-links/authorize-preview-sharing.ts).
export const POST = api({
  auth: "key-or-session",
  scopes: ["posts:write"],
  action: "posts.edit",
  // The answer carries the link's token, which exists nowhere else: it must never be stored as a
  // replayable answer (as POST /api/keys).
  idempotency: "none",
  params: previewLinkParamsSchema,
  body: createPreviewLinkSchema,
  docs: {
    summary: "Create a preview link",
    description:
      "A link anyone can open without signing in, showing the post as it is now (drafts included) until it expires or is revoked. The `url` is shown only in this answer: only the token's hash is stored.",
    tag: "Preview links",
    sdk: 'inkbase.posts.previewLinks.create("post-id", { expiresInHours: 24 })',
    responses: { 201: { description: "The link.", schema: createdPreviewLinkSchema } },
    errors: {
      403: "`Verify your email address first`: a link makes the post readable by anyone, like publishing",
      404: "`Post not found` (also another project's post).",
    },
  },
  handler: async ({ principal, params, body }) => {
    // A link puts the post before anyone who has it: publishing in all but name, which an
    // unverified account may not do (ACCOUNTS.md), or open sign-up would host anything at a URL.
    requireVerifiedEmail(principal);
    return Response.json(await createPreviewLink({ principal, postId: params.id, expiresInHours: body.expiresInHours }), {
      status: 201,
      headers: { "Cache-Control": "no-store" },
    });
  },
});

export const GET = api({
  auth: "key-or-session",
  scopes: ["posts:write"],
  action: "posts.edit",
  params: previewLinkParamsSchema,
  docs: {
    summary: "List a post's preview links",
    description: "Newest first, revoked links left out; expired ones are listed with `status: \"expired\"`. Tokens are never listed.",
    tag: "Preview links",
    sdk: 'inkbase.posts.previewLinks.list("post-id")',
    responses: { 200: { description: "The links.", schema: previewLinkListSchema } },
    errors: { 404: "`Post not found`." },
  },
  handler: ({ principal, params }) => listPreviewLinks({ principal, postId: params.id }),
});
