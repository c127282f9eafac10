// GET /api/cron/tick – announce due scheduled posts and deliver due webhooks: { published, delivered, failed }
import { api } from "@/lib/http/api";
import { authorizeCron } from "@/lib/cron/authorize-cron";
import { runCronTick } from "@/lib/cron/run-cron-tick";

export const dynamic = "force-dynamic";
// Vercel: room for the delivery budget below plus a batch in flight (10 s attempts).
export const maxDuration = 60;

export const GET = api({
  auth: "none",
  handler: async ({ req }) => {
    authorizeCron(req.headers.get("authorization"));
    const result = await runCronTick({ budgetMs: 40_000 });
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  },
});
