// POST /api/imports and `admin import`: the job row with the uploaded file, answered at once
// (202 { id, status: "running" }); the work runs after the response (run-import.ts). `tx`: the
// transaction that consumes a direct-to-storage upload (start-uploaded-import.ts).
import { recordAudit } from "../audit/record-audit";
import { db, type Tx } from "../db";
import { randomId } from "../random-id";
import type { ImportSource } from "./import-item";

export async function createImport(
  input: { ownerId: string; source: ImportSource; dryRun: boolean; filename: string; bytes: Uint8Array },
  tx?: Tx,
): Promise<{ id: string; status: "running" }> {
  if (!input.ownerId) throw new Error("createImport needs an owner");
  const id = randomId("imp");
  const filename = input.filename.slice(0, 300) || "upload";
  // The job and its audit row (import.started) together.
  const work = async (tx: Tx) => {
    await tx.importJob.create({
      data: { id, ownerId: input.ownerId, source: input.source, dryRun: input.dryRun, filename, file: Buffer.from(input.bytes) },
    });
    await recordAudit(tx, { action: "import.started", target: { type: "import", id, name: filename }, changes: { source: input.source, dryRun: input.dryRun } });
  };
  await (tx ? work(tx) : db().$transaction(work));
  return { id, status: "running" };
}
