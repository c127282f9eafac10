// The type of a transaction client, apart from lib/db.ts so that what db.ts builds on
// (lib/request-context) can name it without importing db.ts back.
import type { PrismaClient } from "./generated/prisma/client";

/** A transaction client, for domain functions that take an optional `tx`. */
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;
