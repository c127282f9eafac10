// GET /<username>/<slug> – the post (PUBLIC-SITE.md), or for its owner, signed in, the draft
// preview. A route handler writing plain HTML, no client JavaScript (docs/public-site.md).
import { postPageResponse } from "@/lib/public-site/post-page-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic"; // read from the database on every request, never at build

export async function GET(req: Request, ctx: { params: Promise<{ username: string; slug: string }> }) {
  return postPageResponse(req, await ctx.params);
}
