// The label-history record (DASHBOARD "Label history"): one row per PUT, DELETE and
// create-with-label, written with the change's own transaction client so it commits or rolls
// back with it. Callers record only after the change succeeded: a refused move records nothing.
import type { SqlRunner } from "../db-sql";
import { actorFor, type Owner } from "./owner";

export async function recordLabelMove(
  tx: SqlRunner,
  options: {
    owner: Owner;
    entryId: string;
    name: string;
    version: number | null;
    previousVersion: number | null;
    at?: Date;
    /** Applied by the tick from a scheduled move; `owner.actor` is then who scheduled it. */
    scheduled?: boolean;
  },
): Promise<void> {
  const actor = actorFor(options.owner);
  await tx.$executeRaw`
    INSERT INTO "LabelMove" ("entryId", name, version, "previousVersion", "movedAt", "actorType", "actorId", "actorPrefix", scheduled)
    VALUES (${options.entryId}, ${options.name}, ${options.version}, ${options.previousVersion}, ${options.at ?? new Date()},
      ${actor.type}, ${actor.id}, ${actor.prefix ?? null}, ${options.scheduled === true})`;
}
