// GET /<username>/feed.xml – the blog's latest 20 public posts as RSS 2.0
import { feedResponse } from "@/lib/public-site/feed-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic"; // read from the database on every request, never at build

export async function GET(req: Request, ctx: { params: Promise<{ username: string }> }) {
  return feedResponse(req, (await ctx.params).username, "rss");
}
