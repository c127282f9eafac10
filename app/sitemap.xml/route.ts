// GET /sitemap.xml – every public post and blog index, or the sitemap index past 50,000 URLs
import { sitemapResponse } from "@/lib/public-site/sitemap-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic"; // read from the database on every request, never at build

export async function GET(req: Request) {
  return sitemapResponse(req, null);
}
