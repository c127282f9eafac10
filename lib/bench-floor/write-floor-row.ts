// The bench-only floor writes (app/api/bench-floor, routes only in a build made with
// INKBASE_BENCH_ROUTES=1; bench/README.md "How to reproduce" under Collections): the least a keyed
// write can do here, to set the real writes against. One single-row UPDATE of the bench's own
// "BenchFloor" table (the collections bench makes it with --floor), sent with COMMIT
// (lib/db-sql.ts); with `lockFirst` the row is locked in a round trip of its own first, the shape
// of the entry writes. No history row, count or event: no real write is this small.
import { z } from "zod";
import { lastStatement, sqlTransaction } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { notFound } from "../http/api-error";

export const floorRowBody = z.object({ row: z.number().int().min(0), value: z.string().max(200) });

export async function writeFloorRow(input: z.output<typeof floorRowBody> & { lockFirst: boolean }): Promise<{ n: number | null }> {
  return sqlTransaction(async (tx) => {
    if (input.lockFirst) {
      const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "BenchFloor" WHERE id = ${input.row} FOR UPDATE`;
      if (!locked) throw notFound("Row not found");
    }
    return lastStatement(
      Prisma.sql`UPDATE "BenchFloor" SET value = ${input.value}, n = n + 1 WHERE id = ${input.row} RETURNING n`,
      (rows: { n: number }[]) => ({ n: rows[0]?.n ?? null }),
    );
  });
}
