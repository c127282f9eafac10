// POST /api/imports and `admin import`: the job row with the uploaded file, answered at once
// (202 { id, status: "running" }); the work runs after the response (run-import.ts). `tx`: the
// transaction that consumes a direct-to-storage upload (start-uploaded-import.ts).
import { db, type Tx } from "../db";
import { randomId } from "../random-id";
import type { ImportSource } from "./import-item";

export async function createImport(
  input: { ownerId: string; source: ImportSource; dryRun: boolean; filename: string; bytes: Uint8Array },
  tx: Tx = db(),
): Promise<{ id: string; status: "running" }> {
  if (!input.ownerId) throw new Error("createImport needs an owner");
  const id = randomId("imp");
  await tx.importJob.create({
    data: { id, ownerId: input.ownerId, source: input.source, dryRun: input.dryRun, filename: input.filename.slice(0, 300) || "upload", file: Buffer.from(input.bytes) },
  });
  return { id, status: "running" };
}
