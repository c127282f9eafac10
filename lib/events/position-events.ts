// Commit order for the event feed (PLATFORM.md "The event feed"; the reasoning is in
// docs/api.md "Retries and reconciliation" and README "Decisions made here").
//
// An outbox row's `sequence` is taken from a sequence when the row is inserted, not when its
// transaction commits: a transaction can hold sequence 5 uncommitted while 6 commits. A reader
// paging "after 6" would then never see 5. So the feed does not page by `sequence`. Instead every
// event gets a `feedPosition` after it is committed: a feed read first gives the owner's committed,
// unpositioned events the next positions, in `sequence` order, in a transaction that holds a
// per-owner advisory lock until it commits. Readers of one owner thus position one after another,
// each seeing every commit of the previous one, so positions only ever grow in the order they
// become visible: a reader that has seen position p can never later meet a new event below p.
// Writers are untouched (no lock, no extra statement on the write path), and events of one entry
// or post, whose transactions queue on that row's lock, keep their order: the later one took its
// sequence after the earlier committed.
//
// Works the same on PostgreSQL and on the embedded PGlite (advisory locks and window functions
// are core PostgreSQL; PGlite runs one transaction at a time anyway).
import { sql, sqlTransaction } from "../db-sql";

/** Rows positioned per transaction, so a backlog (events from before the feed existed) never makes one huge statement. */
const BATCH = 10_000;

export async function positionEvents(ownerId: string): Promise<void> {
  const [{ pending }] = await sql().$queryRaw<{ pending: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM "OutboxEvent" WHERE "ownerId" = ${ownerId} AND "feedPosition" IS NULL) AS pending`;
  if (!pending) return;
  for (;;) {
    const positioned = await sqlTransaction(async (tx) => {
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`inkbase.event-feed:${ownerId}`}, 0))`;
      // A new statement after the lock: its snapshot includes the previous holder's positions.
      return tx.$executeRaw`
        UPDATE "OutboxEvent" e SET "feedPosition" = next.base + next.n
        FROM (
          SELECT id, row_number() OVER (ORDER BY sequence) AS n,
                 (SELECT COALESCE(max("feedPosition"), 0) FROM "OutboxEvent" WHERE "ownerId" = ${ownerId}) AS base
          FROM (SELECT id, sequence FROM "OutboxEvent" WHERE "ownerId" = ${ownerId} AND "feedPosition" IS NULL ORDER BY sequence LIMIT ${BATCH}::int) unpositioned
        ) next
        WHERE e.id = next.id`;
    });
    if (positioned < BATCH) return;
  }
}
