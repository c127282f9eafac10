// GET /api/health – { ok: true, database: "embedded" | "postgres" }, 503 when the database is unreachable
import { api } from "@/lib/http/api";
import { checkDatabase } from "@/lib/health/check-database";
import { z } from "zod";

export const dynamic = "force-dynamic";

export const GET = api({
  auth: "none",
  docs: {
    summary: "Health check",
    tag: "Operations",
    responses: {
      200: { description: "The database answers.", schema: z.object({ ok: z.literal(true), database: z.enum(["embedded", "postgres"]) }) },
      503: { description: "The database is unreachable.", schema: z.object({ ok: z.literal(false), database: z.enum(["embedded", "postgres"]), error: z.string() }) },
    },
  },
  handler: async () => {
    const health = await checkDatabase();
    return Response.json(health.ok ? health : { ...health, error: "Database unreachable" }, {
      status: health.ok ? 200 : 503,
      headers: { "Cache-Control": "no-store" },
    });
  },
});
