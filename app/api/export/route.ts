// GET /api/export?format=json|markdown – the account as a streamed .zip (posts:read and collections:read)
import { Readable } from "node:stream";
import { z } from "zod";
import { api } from "@/lib/http/api";
import { auditExport } from "@/lib/portability/audit-export";
import { exportFilename, writeExport } from "@/lib/portability/write-export";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 300;

export const GET = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["posts:read", "collections:read"],
  query: z.object({ format: z.enum(["json", "markdown"]).default("json") }),
  docs: {
    summary: "Export the account",
    description:
      "A streamed `.zip`. `json`: `posts.json` (every post, with its revisions where they are kept), `collections/<slug>.json` (schema, entries, every kept version, labels and their history) and `media/` (the original files and `media.json`); importing it with `source=inkbase` reproduces the account. `markdown`: one `<slug>.md` per post with YAML front matter, and the media files.",
    tag: "Portability",
    sdk: 'await inkbase.export({ format: "json" }) // a Blob',
    responses: { 200: { description: "The zip (`application/zip`), as an attachment." } },
  },
  handler: async ({ principal, query }) => {
    await auditExport({ format: query.format, filename: exportFilename(principal.projectUsername, query.format) });
    const stream = writeExport({ id: principal.projectId, username: principal.projectUsername }, query.format);
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${exportFilename(principal.projectUsername, query.format)}"`,
        "Cache-Control": "no-store",
      },
    });
  },
});
