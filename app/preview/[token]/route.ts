// GET /preview/<token> – a preview link (TEAMS.md "Preview links"): the post as it is now in the
// public page's layout with a "Preview" banner; 404 when unknown, expired or revoked. Plain HTML,
// no client JavaScript, like the other public pages (docs/preview-links.md).
import { previewPageResponse } from "@/lib/public-site/preview-page-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(_req: Request, ctx: { params: Promise<{ token: string }> }) {
  return previewPageResponse(await ctx.params);
}
