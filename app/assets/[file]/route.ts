// GET /assets/blog-<hash>.css – the public blog pages' stylesheet (docs/public-site.md)
import { stylesheetResponse } from "@/lib/public-site/stylesheet-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic"; // read from the source files at run time, never at build

export async function GET(req: Request, ctx: { params: Promise<{ file: string }> }) {
  return stylesheetResponse(req, (await ctx.params).file);
}
