// GET /media/<id>/<name> – a medium's original or one of its variants (MEDIA.md "Serving"),
// streamed from storage; 404 at once for a deleted medium. lib/media/serve-media-file.ts.
import { serveMediaFile } from "@/lib/media/serve-media-file";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string; name: string }> };

export async function GET(req: Request, ctx: Context) {
  const { id, name } = await ctx.params;
  return serveMediaFile(req, id, name);
}

export async function HEAD(req: Request, ctx: Context) {
  const { id, name } = await ctx.params;
  return serveMediaFile(req, id, name);
}
