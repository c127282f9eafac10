// DECISIONS §6: after a failed attempt, retry after about 1 min, 5 min, 30 min, 2 h, 6 h, 12 h
// and 24 h; a delivery whose eighth attempt fails is marked failed (about 45 hours after the
// first). Three days of failures disable the subscription (record-attempt.ts).
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR] as const;

export const DISABLE_AFTER_FAILING_MS = 3 * 24 * HOUR;

/** When to try again after `attempts` automatic attempts have failed; null once retries are exhausted. */
export function nextRetryAt(attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}
