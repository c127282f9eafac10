// GET /api/health – { ok: true, database: "embedded" | "postgres" }, 503 when the database is unreachable
import { api } from "@/lib/http/api";
import { checkDatabase } from "@/lib/health/check-database";

export const dynamic = "force-dynamic";

export const GET = api({
  auth: "none",
  handler: async () => {
    const health = await checkDatabase();
    return Response.json(health.ok ? health : { ...health, error: "Database unreachable" }, {
      status: health.ok ? 200 : 503,
      headers: { "Cache-Control": "no-store" },
    });
  },
});
