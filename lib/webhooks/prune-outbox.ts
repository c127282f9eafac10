// Bounded storage (issue 14): outbox events older than the retention period are deleted by the
// cron tick, with their deliveries and attempt logs (foreign keys cascade), unless a delivery of
// theirs is still pending: an event is kept until every receiver has had its last attempt.
// Delivery-log retention of its own (shorter periods for the attempt log) belongs to the webhook
// management code; this only guarantees the outbox cannot grow without end.
// At most `batch` events per tick, so one tick stays short however far behind pruning is.
import { db } from "../db";
import { env } from "../env";

export async function pruneOutbox(options: { now?: Date; batch?: number } = {}): Promise<{ pruned: number }> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - env.outboxRetentionDays * 24 * 60 * 60 * 1000);
  const old = await db().outboxEvent.findMany({
    where: { createdAt: { lt: cutoff }, deliveries: { none: { status: "pending" } } },
    orderBy: { sequence: "asc" },
    take: options.batch ?? 1000,
    select: { id: true },
  });
  if (old.length === 0) return { pruned: 0 };
  const { count } = await db().outboxEvent.deleteMany({
    // Checked again at delete time: a redelivery may have made one pending meanwhile.
    where: { id: { in: old.map((event) => event.id) }, deliveries: { none: { status: "pending" } } },
  });
  return { pruned: count };
}
