// GET /<username> – the blog: its public published posts, newest first, 10 a page (PUBLIC-SITE.md).
// A route handler writing plain HTML, no client JavaScript (docs/public-site.md "No JavaScript").
import { blogPageResponse } from "@/lib/public-site/blog-page-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic"; // read from the database on every request, never at build

export async function GET(req: Request, ctx: { params: Promise<{ username: string }> }) {
  return blogPageResponse(req, { username: (await ctx.params).username });
}
