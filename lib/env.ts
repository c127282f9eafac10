// Every environment variable Inkbase reads is read here (README and .env.example document them).
// Values are read on each call rather than captured at import, so tests and the launcher can
// set them before a module first asks.
import path from "node:path";

function flag(name: string): boolean {
  return process.env[name] === "1" || process.env[name] === "true";
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

function nonNegativeInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number of 0 or more, got "${raw}"`);
  }
  return value;
}

export const env = {
  /** PostgreSQL URL. Unset means the embedded database (started by `npm start`). */
  get databaseUrl(): string | undefined {
    return process.env.DATABASE_URL || undefined;
  },
  /**
   * Set by the launcher (scripts/start.ts) when it started the embedded database and passed its
   * socket address on as DATABASE_URL: the server then reports `database: "embedded"`.
   */
  get embeddedDatabase(): boolean {
    return flag("INKBASE_EMBEDDED_DB");
  },
  get dataDir(): string {
    // Only scripts use the data directory; keep Turbopack from tracing files under it.
    return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || "./.data");
  },
  get port(): number {
    return positiveInt("PORT", 3000);
  },
  get publicBaseUrl(): string {
    return env.configuredPublicBaseUrl ?? `http://localhost:${env.port}`;
  },
  /** PUBLIC_BASE_URL when the deployment sets it (no localhost default). */
  get configuredPublicBaseUrl(): string | undefined {
    return process.env.PUBLIC_BASE_URL ? process.env.PUBLIC_BASE_URL.replace(/\/+$/, "") : undefined;
  },
  get authSecret(): string | undefined {
    return process.env.AUTH_SECRET || process.env.NEXTAUTH_SECRET || undefined;
  },
  get upstash(): { url: string; token: string } | undefined {
    const url = process.env.UPSTASH_REDIS_REST_URL;
    const token = process.env.UPSTASH_REDIS_REST_TOKEN;
    return url && token ? { url, token } : undefined;
  },
  get trustProxy(): boolean {
    return flag("TRUST_PROXY");
  },
  get rateLimitPublicPerMin(): number {
    return positiveInt("RATE_LIMIT_PUBLIC_PER_MIN", 60);
  },
  get rateLimitKeyPerMin(): number {
    return positiveInt("RATE_LIMIT_KEY_PER_MIN", 300);
  },
  /** Failed sign-ins allowed per account and per client IP in 15 minutes (lib/auth/sign-in-throttle.ts). */
  get signInFailureLimit(): number {
    return positiveInt("SIGN_IN_FAILURE_LIMIT", 10);
  },
  /** Days outbox events (with their deliveries and attempt logs) are kept (lib/webhooks/prune-outbox.ts). */
  get outboxRetentionDays(): number {
    return positiveInt("OUTBOX_RETENTION_DAYS", 30);
  },
  get webhookAllowPrivateTargets(): boolean {
    return flag("WEBHOOK_ALLOW_PRIVATE_TARGETS");
  },
  /** Days the webhook delivery log (deliveries and their attempts) is kept before the tick prunes it. */
  get webhookLogRetentionDays(): number {
    return positiveInt("WEBHOOK_LOG_RETENTION_DAYS", 30);
  },
  get reprojectionLimit(): number {
    return positiveInt("REPROJECTION_LIMIT", 1000);
  },
  get cronSecret(): string | undefined {
    return process.env.CRON_SECRET || undefined;
  },
  /**
   * Bytes of rendered JSON bodies kept per instance, keyed by their ETag (lib/http/body-cache.ts);
   * 0 turns the cache off.
   */
  get responseCacheBytes(): number {
    return nonNegativeInt("RESPONSE_CACHE_BYTES", 64 * 1024 * 1024);
  },
  /**
   * Named (prepared) statements on a real PostgreSQL: parsed and planned once per connection.
   * On by default; turn off behind a pooler that cannot keep them (PgBouncer in transaction mode
   * before 1.21). Never used on the embedded database, whose one session all connections share.
   */
  get preparedStatements(): boolean {
    const raw = process.env.DATABASE_PREPARED_STATEMENTS;
    return raw === undefined || raw === "" ? true : flag("DATABASE_PREPARED_STATEMENTS");
  },
  get isProduction(): boolean {
    return process.env.NODE_ENV === "production";
  },
};
