// PUT /api/bench-floor/write – one single-row UPDATE (bench builds only)
// Bench builds only (see ../read/route.bench.ts): the least a keyed write does here — a JSON body
// through zod, then one single-row UPDATE sent with BEGIN and COMMIT (lib/bench-floor).
import { api } from "@/lib/http/api";
import { floorRowBody, writeFloorRow } from "@/lib/bench-floor/write-floor-row";

export const dynamic = "force-dynamic";

export const PUT = api({
  auth: "key",
  scopes: ["collections:write"],
  body: floorRowBody,
  handler: async ({ body }) => writeFloorRow({ ...body, lockFirst: false }),
});
