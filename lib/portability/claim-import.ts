// The claim on an import job (like webhook deliveries' claims): a running job whose lease is free
// or lapsed is taken with a new token in one statement, so of two instances (or a tick and a
// poll) only one gets it. Every batch re-checks the token under the row lock (run-import.ts) and
// renews the lease; a claimant whose lease lapsed and was taken over stops at its next batch.
import { db } from "../db";

export const IMPORT_LEASE_MS = 60_000;

export type ClaimedImport = {
  id: string;
  ownerId: string;
  source: string;
  dryRun: boolean;
  filename: string;
  file: Uint8Array | null;
  total: number;
  done: number;
};

export async function claimImport(id: string, token: string): Promise<ClaimedImport | null> {
  const leaseEnd = new Date(Date.now() + IMPORT_LEASE_MS);
  const [row] = await db().$queryRaw<ClaimedImport[]>`
    UPDATE "ImportJob" SET "claimToken" = ${token}, "lockedUntil" = ${leaseEnd}, "updatedAt" = now()
    WHERE id = ${id} AND status = 'running' AND ("lockedUntil" IS NULL OR "lockedUntil" < now())
    RETURNING id, "ownerId", source, "dryRun", filename, file, total, done`;
  return row ?? null;
}

/** Running imports nobody holds (their server died, or a budgeted run let go): what a tick resumes. */
export async function findStalledImports(options: { ownerId?: string; limit?: number } = {}): Promise<string[]> {
  const rows = await db().importJob.findMany({
    where: { status: "running", OR: [{ lockedUntil: null }, { lockedUntil: { lt: new Date() } }], ...(options.ownerId ? { ownerId: options.ownerId } : {}) },
    orderBy: { createdAt: "asc" },
    take: options.limit ?? 5,
    select: { id: true },
  });
  return rows.map((row) => row.id);
}
