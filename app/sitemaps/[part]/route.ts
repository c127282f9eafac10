// GET /sitemaps/<n>.xml – part n (from 0) of the sitemap once it is past 50,000 URLs
import { sitemapResponse } from "@/lib/public-site/sitemap-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic"; // read from the database on every request, never at build

export async function GET(req: Request, ctx: { params: Promise<{ part: string }> }) {
  const match = /^(0|[1-9][0-9]{0,5})\.xml$/.exec((await ctx.params).part);
  if (!match) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return sitemapResponse(req, Number(match[1]));
}
