// GET /<username>/tags/<tag> – the blog filtered to one tag (by slug), 10 a page. Unknown tag: 404.
// A route handler writing plain HTML, no client JavaScript (docs/public-site.md "No JavaScript").
import { blogPageResponse } from "@/lib/public-site/blog-page-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic"; // read from the database on every request, never at build

export async function GET(req: Request, ctx: { params: Promise<{ username: string; tag: string }> }) {
  return blogPageResponse(req, await ctx.params);
}
