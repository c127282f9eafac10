// The label-history record (DASHBOARD "Label history"): one row per PUT, DELETE and
// create-with-label, written as a sub-statement of the change's own statement so it commits or
// rolls back with it. `when` makes it follow the change: a refused move records nothing.
import { Prisma } from "../generated/prisma/client";
import { actorFor, type Owner } from "./owner";

/** A version, or an expression over the caller's CTEs that gives one (or null). */
type VersionValue = number | null | Prisma.Sql;

/** The INSERT of the history row, for a CTE of the change's statement. */
export function labelMoveSql(options: {
  owner: Owner;
  entryId: string;
  name: string;
  version: VersionValue;
  previousVersion: VersionValue;
  at: Date;
  /** Applied by the tick from a scheduled move; `owner.actor` is then who scheduled it. */
  scheduled?: boolean;
  when?: Prisma.Sql;
}): Prisma.Sql {
  const actor = actorFor(options.owner);
  return Prisma.sql`
    INSERT INTO "LabelMove" ("entryId", name, version, "previousVersion", "movedAt", "actorType", "actorId", "actorPrefix", scheduled)
    SELECT ${options.entryId}, ${options.name}, ${options.version}, ${options.previousVersion}, ${options.at},
      ${actor.type}, ${actor.id}, ${actor.prefix ?? null}, ${options.scheduled === true}
    WHERE ${options.when ?? Prisma.sql`true`}`;
}
