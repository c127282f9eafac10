// PUT /api/bench-floor/locked-write – the row locked, then one UPDATE (bench builds only)
// Bench builds only (see ../read/route.bench.ts): a keyed write in the shape of the entry writes —
// the row locked first, then the UPDATE sent with COMMIT (lib/bench-floor).
import { api } from "@/lib/http/api";
import { floorRowBody, writeFloorRow } from "@/lib/bench-floor/write-floor-row";

export const dynamic = "force-dynamic";

export const PUT = api({
  auth: "key",
  scopes: ["collections:write"],
  body: floorRowBody,
  handler: async ({ body }) => writeFloorRow({ ...body, lockFirst: true }),
});
