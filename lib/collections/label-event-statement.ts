// label.updated inside a label write's own statement (eventStatement): the flip and the label
// DELETE learn the label's previous position in that statement, so the event's previousVersion
// is read there too, from a CTE of the statement with a `version` column (no row: null). A
// create's label has none (`previous` left out), and is the statement's second event (`prefix`).
import { Prisma } from "../generated/prisma/client";
import { eventStatement, type EventStatement } from "../webhooks/enqueue-event";
import { labelEventData } from "./entry-event-data";
import type { Owner } from "./owner";

export function labelEventStatement<P extends string = "">(options: {
  owner: Owner;
  collectionSlug: string;
  entryId: string;
  label: string;
  /** Null: the label was removed. */
  version: number | null;
  meta: unknown;
  /** The CTE holding the previous version (a plain name); none: previousVersion is null. */
  previous?: string;
  /** Whether the event is written (a condition on the statement's CTEs). */
  when: Prisma.Sql;
  at?: Date;
  /** For a second event in the statement (eventStatement's `prefix`). */
  prefix?: P;
}): EventStatement<P> {
  const { owner, entryId, label, version, meta } = options;
  if (options.previous !== undefined && !/^[a-z]+$/i.test(options.previous)) throw new Error(`labelEventStatement: ${options.previous} is not a plain name`);
  const previous = options.previous === undefined ? null : Prisma.raw(options.previous);
  return eventStatement(
    {
      ownerId: owner.id,
      project: owner.username,
      type: "label.updated",
      orderingKey: `entry:${entryId}`,
      data: labelEventData(options.collectionSlug, { entryId, label, version, previousVersion: null, meta }),
      at: options.at,
    },
    options.when,
    previous === null
      ? undefined
      : (built) => Prisma.sql`jsonb_set(${built}, '{data,previousVersion}', COALESCE((SELECT to_jsonb('v_' || version) FROM ${previous}), 'null'::jsonb))`,
    options.prefix,
  );
}
