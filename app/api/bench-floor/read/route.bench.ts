// GET /api/bench-floor/read – the key's lookup and a JSON answer (bench builds only)
// Bench builds only (INKBASE_BENCH_ROUTES=1 makes `.bench.ts` files routes; next.config.mjs): the
// least a keyed request does here — routing, the route wrapper, the key's lookup and a JSON answer.
// The collections bench's `--floor` rows set the writes against it (bench/README.md).
import { api } from "@/lib/http/api";

export const dynamic = "force-dynamic";

export const GET = api({
  auth: "key",
  scopes: ["collections:read"],
  handler: async () => ({ ok: true }),
});
