// GET /api/cron/tick – announce due scheduled posts and deliver due webhooks: { published, delivered, failed }
import { api } from "@/lib/http/api";
import { authorizeCron } from "@/lib/cron/authorize-cron";
import { runCronTick } from "@/lib/cron/run-cron-tick";
import { z } from "zod";

export const dynamic = "force-dynamic";
// Vercel: room for the delivery budget below plus a batch in flight (10 s attempts).
export const maxDuration = 60;

export const GET = api({
  auth: "none",
  docs: {
    summary: "Run the scheduler tick",
    description: "Announces scheduled posts whose time has come and delivers due webhooks. Vercel Cron calls it with `CRON_SECRET`.",
    tag: "Operations",
    security: "cron",
    responses: { 200: { description: "What the tick did.", schema: z.object({ published: z.number().int(), delivered: z.number().int(), failed: z.number().int() }) } },
  },
  handler: async ({ req }) => {
    authorizeCron(req.headers.get("authorization"));
    const result = await runCronTick({ budgetMs: 40_000 });
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  },
});
