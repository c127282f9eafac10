// The raw-statement half of a Prisma client or transaction (lib/db-sql.ts), apart so that
// lib/request-context can name it without importing db-sql.ts back.
import type { Prisma } from "./generated/prisma/client";

export interface SqlRunner {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T>;
  $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<number>;
}
