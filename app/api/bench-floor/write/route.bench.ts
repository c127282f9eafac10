// Bench builds only (see ../read/route.bench.ts): the least a keyed write does here — a JSON body
// through zod, then a transaction of one single-row UPDATE, sent with BEGIN and COMMIT in one
// round trip (lib/db-sql.ts). No lock first, no history, no event: no real write is this small.
import { z } from "zod";
import { api } from "@/lib/http/api";
import { Prisma } from "@/lib/generated/prisma/client";
import { lastStatement, sqlTransaction } from "@/lib/db-sql";

export const dynamic = "force-dynamic";

export const PUT = api({
  auth: "key",
  scopes: ["collections:write"],
  body: z.object({ row: z.number().int().min(0), value: z.string().max(200) }),
  handler: async ({ body }) =>
    sqlTransaction(async () =>
      lastStatement(Prisma.sql`UPDATE "BenchFloor" SET value = ${body.value}, n = n + 1 WHERE id = ${body.row} RETURNING n`, (rows: { n: number }[]) => ({ n: rows[0]?.n ?? null })),
    ),
});
