// One tick, whoever runs it (GET /api/cron/tick, `admin cron:run`, the in-process ticker): first
// announce the scheduled posts whose time has come (their post.published deliveries are then due
// at once), then deliver every due webhook attempt once, then prune the delivery log past its
// retention period (not part of the result, whose shape DECISIONS §1 fixes; a pruning failure is
// logged and never fails the tick).
import { announceDuePosts } from "../posts/announce-due-posts";
import { deliverDueWebhooks } from "../webhooks/deliver-due-webhooks";
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
  const { published } = await announceDuePosts({ ownerId: options.ownerId });
  const { delivered, failed } = await deliverDueWebhooks(options);
  // Per-owner ticks (tests) leave the shared log alone.
  if (!options.ownerId) {
    await pruneWebhookLog().catch((err: unknown) => console.error("[cron] pruning the webhook log failed", err));
  }
  return { published, delivered, failed };
}
