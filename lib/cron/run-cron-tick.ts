// One tick, whoever runs it (GET /api/cron/tick, `admin cron:run`, the in-process ticker): first
// make the scheduled label moves whose time has come (MODELING; logged, not counted in the result)
// and announce the scheduled posts whose time has come (their label.updated and post.published
// deliveries are then due at once), then deliver every due webhook attempt once, then prune the
// delivery log, the outbox and the audit log past their retention periods and Idempotency-Key answers past their
// 24 hours, fold collections' entry and label count slots into their counters, and sweep media
// files no row names (bounded storage; not part of the result, whose shape DECISIONS §1 fixes; a
// failure there is logged and never fails the tick). Stalled imports are resumed after the
// deliveries. Due mails (lib/mail: first sends an after-response run did not finish, and retries
// after an SMTP outage or a restart) are sent after the webhooks, logged and not counted.
import { pruneAuditLog } from "../audit/prune-audit-log";
import { applyDueLabelMoves } from "../collections/apply-due-label-moves";
import { foldEntryCounts } from "../collections/fold-entry-counts";
import { foldLabelCounts } from "../collections/fold-label-counts";
import { pruneIdempotencyKeys } from "../idempotency/prune-idempotency-keys";
import { logger } from "../log/logger";
import { sweepMediaNowAndThen } from "../media/sweep-media-now-and-then";
import { announceDuePosts } from "../posts/announce-due-posts";
import { resumeStalledImports } from "../portability/resume-stalled-imports";
import { deliverDueMails } from "../mail/deliver-due-mails";
import { pruneMailLog } from "../mail/prune-mail-log";
import { deliverDueWebhooks } from "../webhooks/deliver-due-webhooks";
import { pruneOutbox } from "../webhooks/prune-outbox";
import { pruneWebhookLog } from "../webhooks/prune-webhook-log";

export type TickResult = {
  /** Scheduled posts whose post.published was emitted by this tick. */
  published: number;
  /** Delivery attempts that got a 2xx. */
  delivered: number;
  /** Delivery attempts that did not (each is retried on schedule or, when exhausted, marked failed). */
  failed: number;
};

export async function runCronTick(
  options: { budgetMs?: number; timeoutMs?: number; ownerId?: string } = {},
): Promise<TickResult> {
  const moves = await applyDueLabelMoves({ ownerId: options.ownerId, budgetMs: options.budgetMs });
  if (moves.applied || moves.failed) logger().info(moves, "scheduled label moves made");
  const { published } = await announceDuePosts({ ownerId: options.ownerId });
  const { delivered, failed } = await deliverDueWebhooks(options);
  // Mails belong to no owner's tick: a per-owner tick (tests) leaves them alone.
  if (!options.ownerId) {
    const mails = await deliverDueMails({ budgetMs: options.budgetMs }).catch((err: unknown) => {
      console.error("[cron] sending mails failed", err);
      return { sent: 0, failed: 0 };
    });
    if (mails.sent || mails.failed) logger().info(mails, "mails sent");
  }
  // Imports whose server died mid-way (PORTABILITY "jobs that survive"); not in the result, whose
  // shape DECISIONS §1 fixes; a failure is logged and never fails the tick.
  await resumeStalledImports({ ownerId: options.ownerId, budgetMs: options.budgetMs }).catch((err: unknown) => console.error("[cron] resuming imports failed", err));
  // Per-owner ticks (tests) leave the shared log and outbox alone.
  if (!options.ownerId) {
    await pruneWebhookLog().catch((err: unknown) => console.error("[cron] pruning the webhook log failed", err));
    await pruneOutbox().catch((err: unknown) => console.error("[cron] pruning the outbox failed", err));
    await pruneMailLog().catch((err: unknown) => console.error("[cron] pruning the mail log failed", err));
    await pruneAuditLog().catch((err: unknown) => console.error("[cron] pruning the audit log failed", err));
    await pruneIdempotencyKeys().catch((err: unknown) => console.error("[cron] pruning Idempotency-Key answers failed", err));
    await foldEntryCounts().catch((err: unknown) => console.error("[cron] folding entry count slots failed", err));
    await foldLabelCounts().catch((err: unknown) => console.error("[cron] folding label count slots failed", err));
    await sweepMediaNowAndThen();
  }
  return { published, delivered, failed };
}
