// The orphan sweep from the cron tick: it lists the whole store, so it runs at most once an hour
// per process however often the tick runs (every 30 s under `npm start`). A failure is logged and
// never fails the tick; the next hour tries again.
import { logger } from "../log/logger";
import { mediaStorage } from "./storage";
import { sweepOrphanMedia } from "./sweep-orphan-media";

const EVERY_MS = 60 * 60 * 1000;
const holder = globalThis as unknown as { inkbaseLastMediaSweep?: number };

export async function sweepMediaNowAndThen(now = Date.now()): Promise<void> {
  if (holder.inkbaseLastMediaSweep !== undefined && now - holder.inkbaseLastMediaSweep < EVERY_MS) return;
  holder.inkbaseLastMediaSweep = now;
  try {
    const result = await sweepOrphanMedia({ storage: mediaStorage() });
    if (result.deleted || result.expiredUploads) logger().info(result, "media orphan sweep");
  } catch (err) {
    logger().error({ err }, "media orphan sweep failed");
  }
}
