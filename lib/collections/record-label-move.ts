// The label-history record (DASHBOARD "Label history"): one row per PUT, DELETE and
// create-with-label, written with the change's own transaction client so it commits or rolls
// back with it. Callers record only after the change succeeded: a refused move records nothing.
import type { Tx } from "../db";
import { actorFor, type Owner } from "./owner";

export async function recordLabelMove(
  tx: Tx,
  options: { owner: Owner; entryId: string; name: string; version: number | null; previousVersion: number | null; at?: Date },
): Promise<void> {
  const actor = actorFor(options.owner);
  await tx.labelMove.create({
    data: {
      entryId: options.entryId,
      name: options.name,
      version: options.version,
      previousVersion: options.previousVersion,
      movedAt: options.at ?? new Date(),
      actorType: actor.type,
      actorId: actor.id,
      actorPrefix: actor.prefix ?? null,
    },
  });
}
