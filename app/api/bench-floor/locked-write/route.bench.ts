// Bench builds only (see ../read/route.bench.ts): a keyed write in the shape of the entry writes —
// the row locked first (BEGIN with the lock, one round trip), then one UPDATE sent with COMMIT
// (a second). Still no history row, count or event.
import { z } from "zod";
import { api } from "@/lib/http/api";
import { Prisma } from "@/lib/generated/prisma/client";
import { lastStatement, sqlTransaction } from "@/lib/db-sql";
import { notFound } from "@/lib/http/api-error";

export const dynamic = "force-dynamic";

export const PUT = api({
  auth: "key",
  scopes: ["collections:write"],
  body: z.object({ row: z.number().int().min(0), value: z.string().max(200) }),
  handler: async ({ body }) =>
    sqlTransaction(async (tx) => {
      const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "BenchFloor" WHERE id = ${body.row} FOR UPDATE`;
      if (!locked) throw notFound("Row not found");
      return lastStatement(Prisma.sql`UPDATE "BenchFloor" SET value = ${body.value}, n = n + 1 WHERE id = ${locked.id} RETURNING n`, (rows: { n: number }[]) => ({ n: rows[0]?.n ?? null }));
    }),
});
