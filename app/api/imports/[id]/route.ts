// GET /api/imports/:id – the import's report: { id, source, status, progress, created, updated, skipped, images, warnings, error? } (posts:write)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { getImport } from "@/lib/portability/get-import";
import { importReportSchema } from "@/lib/portability/get-import";
import { runImport } from "@/lib/portability/run-import";
import { runAfterResponse } from "@/lib/webhooks/run-after-response";

export const runtime = "nodejs";
export const maxDuration = 300;
const RUN_BUDGET_MS = 270_000;

export const GET = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["posts:write"],
  params: z.object({ id: z.string() }),
  docs: {
    summary: "Get an import's report",
    description:
      "Progress while it runs, then the counts and every warning (`item` names the post, file or batch). A running import whose server stopped is resumed by this read (after the answer) or by the cron tick.",
    tag: "Portability",
    sdk: 'inkbase.imports.get("imp_…")',
    responses: { 200: { description: "The report.", schema: importReportSchema } },
    errors: { 404: "`Import not found`" },
  },
  handler: async ({ principal, params }) => {
    const { stalled, report } = await getImport({ ownerId: principal.projectId, id: params.id });
    if (stalled) runAfterResponse("import resume", () => runImport(report.id, { budgetMs: RUN_BUDGET_MS }));
    return Response.json(report, { headers: { "Cache-Control": "no-store" } });
  },
});
