// Every environment variable Inkbase reads is read here (README and example.env document them).
// Values are read on each call rather than captured at import, so tests and the launcher can
// set them before a module first asks. A value with a format is parsed by its schema in
// lib/env-formats.ts, the one the start check (lib/env-check.ts) uses: a malformed value throws
// the check's own message rather than being read some other way.
import path from "node:path";
import { mediaStorageKindOf, readEnv, readGitHubProvider, readOidcProvider, readUpstashTarget, type LogFormat, type LogLevel, type MediaStorageKind, type Registration } from "./env-formats";

/**
 * The public origin, in this order: PUBLIC_BASE_URL; on Vercel the project's production domain
 * for production deployments and the branch (else deployment) URL for previews, so a preview's
 * canonical URLs and feeds name the preview; else http://localhost:$PORT. Vercel's variables
 * carry no scheme and are always https.
 */
export function publicBaseUrlFrom(vars: Record<string, string | undefined>, port: number): string {
  // `vercel dev` (VERCEL_ENV=development) serves on localhost: no Vercel host applies there.
  const vercelHost =
    vars.VERCEL_ENV === "production"
      ? vars.VERCEL_PROJECT_PRODUCTION_URL || vars.VERCEL_URL
      : vars.VERCEL_ENV === "preview"
        ? vars.VERCEL_BRANCH_URL || vars.VERCEL_URL
        : undefined;
  const base = vars.PUBLIC_BASE_URL || (vercelHost ? `https://${vercelHost}` : `http://localhost:${port}`);
  return base.replace(/\/+$/, "");
}

/** Where PUBLIC_BASE_URL came from, for the boot check's warning (lib/env-check.ts). */
export function publicBaseUrlSource(vars: Record<string, string | undefined>): "PUBLIC_BASE_URL" | "vercel" | "localhost" {
  if (vars.PUBLIC_BASE_URL) return "PUBLIC_BASE_URL";
  return publicBaseUrlFrom(vars, 0).startsWith("https://") ? "vercel" : "localhost";
}

export const env = {
  /** PostgreSQL URL. Unset means the embedded database (started by `npm start`). */
  get databaseUrl(): string | undefined {
    return readEnv("DATABASE_URL");
  },
  /**
   * The URL migrations use: a direct (unpooled) connection when one is given, because a
   * transaction-mode pooler (PgBouncer, Neon's and Supabase's poolers) cannot hold a migration's
   * session. DIRECT_URL is Prisma's name; DATABASE_URL_UNPOOLED is what Vercel's Neon
   * integration sets.
   */
  get migrationDatabaseUrl(): string | undefined {
    return readEnv("DIRECT_URL") ?? readEnv("DATABASE_URL_UNPOOLED") ?? env.databaseUrl;
  },
  /** Set on Vercel, at build and at run time. */
  get onVercel(): boolean {
    return process.env.VERCEL === "1";
  },
  /**
   * Set by the launcher (scripts/start.ts) when it started the embedded database and passed its
   * socket address on as DATABASE_URL: the server then reports `database: "embedded"`.
   */
  get embeddedDatabase(): boolean {
    return readEnv("INKBASE_EMBEDDED_DB") ?? false;
  },
  /** Seed the demo account on first start with a real DATABASE_URL too (scripts/start.ts). */
  get seedDemo(): boolean {
    return readEnv("SEED_DEMO") ?? false;
  },
  get dataDir(): string {
    // Read at run time (the embedded database, local media); keep Turbopack from tracing files under it.
    return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || "./.data");
  },
  get port(): number {
    return readEnv("PORT") ?? 3000;
  },
  get publicBaseUrl(): string {
    readEnv("PUBLIC_BASE_URL"); // refuses a malformed value, as the start check does
    return publicBaseUrlFrom(process.env, env.port);
  },
  /** The public origin when the deployment names one (PUBLIC_BASE_URL or Vercel's URL); no localhost default. */
  get configuredPublicBaseUrl(): string | undefined {
    return publicBaseUrlSource(process.env) === "localhost" ? undefined : env.publicBaseUrl;
  },
  get authSecret(): string | undefined {
    return process.env.AUTH_SECRET || process.env.NEXTAUTH_SECRET || undefined;
  },
  /** next-auth's own origin settings, read here so our cookies are named as next-auth names its own (lib/auth/secure-cookies.ts). */
  get nextAuthUrl(): string | undefined {
    return process.env.NEXTAUTH_URL || undefined;
  },
  get authTrustHost(): boolean {
    return Boolean(process.env.AUTH_TRUST_HOST);
  },
  get upstash(): { url: string; token: string } | undefined {
    return readUpstashTarget();
  },
  get trustProxy(): boolean {
    // Vercel's edge always rewrites X-Forwarded-For with the client it saw, so there it is trusted
    // unless TRUST_PROXY=0 says otherwise.
    return readEnv("TRUST_PROXY") ?? env.onVercel;
  },
  get rateLimitPublicPerMin(): number {
    return readEnv("RATE_LIMIT_PUBLIC_PER_MIN") ?? 60;
  },
  get rateLimitKeyPerMin(): number {
    return readEnv("RATE_LIMIT_KEY_PER_MIN") ?? 300;
  },
  /** Failed sign-ins allowed per account and per client IP in 15 minutes (lib/auth/sign-in-throttle.ts). */
  get signInFailureLimit(): number {
    return readEnv("SIGN_IN_FAILURE_LIMIT") ?? 10;
  },
  /** Days outbox events (with their deliveries and attempt logs) are kept (lib/webhooks/prune-outbox.ts). */
  get outboxRetentionDays(): number {
    return readEnv("OUTBOX_RETENTION_DAYS") ?? 30;
  },
  /**
   * Days audit log rows are kept before the tick prunes them (lib/audit/prune-audit-log.ts).
   * TEAMS.md asks for at least 365: a smaller value is raised to 365.
   */
  get auditRetentionDays(): number {
    return Math.max(365, readEnv("AUDIT_RETENTION_DAYS") ?? 365);
  },
  get webhookAllowPrivateTargets(): boolean {
    return readEnv("WEBHOOK_ALLOW_PRIVATE_TARGETS") ?? false;
  },
  /** Days the webhook delivery log (deliveries and their attempts) is kept before the tick prunes it. */
  get webhookLogRetentionDays(): number {
    return readEnv("WEBHOOK_LOG_RETENTION_DAYS") ?? 30;
  },
  get reprojectionLimit(): number {
    return readEnv("REPROJECTION_LIMIT") ?? 1000;
  },
  get cronSecret(): string | undefined {
    return process.env.CRON_SECRET || undefined;
  },
  /**
   * Bytes of rendered JSON bodies kept per instance, keyed by their ETag (lib/http/body-cache.ts);
   * 0 turns the cache off.
   */
  get responseCacheBytes(): number {
    return readEnv("RESPONSE_CACHE_BYTES") ?? 64 * 1024 * 1024;
  },
  /**
   * Named (prepared) statements on a real PostgreSQL: parsed and planned once per connection.
   * On by default; turn off behind a pooler that cannot keep them (PgBouncer in transaction mode
   * before 1.21). Never used on the embedded database, whose one session all connections share.
   */
  get preparedStatements(): boolean {
    return readEnv("DATABASE_PREPARED_STATEMENTS") ?? true;
  },
  /** Connections each instance's pool may open (lib/db-pool.ts): 5 on Vercel, where instances scale out, else pg's 10. */
  get databasePoolMax(): number {
    return readEnv("DATABASE_POOL_MAX") ?? (env.onVercel ? 5 : 10);
  },
  /** pino level of the server's JSON logs (lib/log/logger.ts). */
  get logLevel(): LogLevel {
    return readEnv("LOG_LEVEL") ?? "info";
  },
  /** `auto`: a short human line per request on a terminal, JSON lines otherwise (lib/log/log-format.ts). */
  get logFormat(): LogFormat {
    return readEnv("LOG_FORMAT") ?? "auto";
  },
  /**
   * Where media files live (lib/media/storage.ts): `local` (DATA_DIR/media), any S3-compatible
   * `s3`, or `vercel-blob`, the default on Vercel once a Blob store is connected.
   */
  get mediaStorage(): MediaStorageKind {
    readEnv("MEDIA_STORAGE"); // refuses a malformed value, as the start check does
    return mediaStorageKindOf(process.env) ?? "local";
  },
  /** The largest image accepted (413 above it). */
  get mediaMaxBytes(): number {
    return readEnv("MEDIA_MAX_BYTES") ?? 20 * 1024 * 1024;
  },
  /** Media URLs are `<this>/<id>/<name>`: a CDN or a bucket's public domain; unset, the app's own `/media`. */
  get mediaPublicUrl(): string | undefined {
    return readEnv("MEDIA_PUBLIC_URL")?.replace(/\/+$/, "");
  },
  /** The S3-compatible store of MEDIA_STORAGE=s3 (the start check requires the bucket). */
  get s3(): { endpoint?: string; region: string; bucket: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean } {
    return {
      endpoint: readEnv("S3_ENDPOINT"),
      region: process.env.S3_REGION || "auto",
      bucket: process.env.S3_BUCKET || "",
      accessKeyId: process.env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: readEnv("S3_FORCE_PATH_STYLE") ?? false,
    };
  },
  /**
   * The Vercel Blob store of MEDIA_STORAGE=vercel-blob: its read-write token (set by connecting the
   * store to the project) and the Blob API's address (@vercel/blob reads VERCEL_BLOB_API_URL itself;
   * a local server speaking Blob's API for development and tests), for the browser's upload URL.
   */
  get blob(): { token: string; apiUrl: string } {
    return { token: process.env.BLOB_READ_WRITE_TOKEN || "", apiUrl: (readEnv("VERCEL_BLOB_API_URL") ?? "https://vercel.com/api/blob").replace(/\/+$/, "") };
  },
  /**
   * bench/history only: PATCH /api/posts/:id skips post history (no snapshots, no revision), so
   * the bench can measure what history costs an edit in one run. Never set it on a deployment.
   */
  /** `1`: no audit rows are written (lib/audit/record-audit.ts), for bench/audit's baseline only. */
  get benchWithoutAudit(): boolean {
    return readEnv("BENCH_WITHOUT_AUDIT") ?? false;
  },
  get benchWithoutPostRevisions(): boolean {
    return readEnv("BENCH_WITHOUT_POST_REVISIONS") ?? false;
  },
  /** Who may make an account (ACCOUNTS.md): `invite` (setup, the CLI, invitations) or `open` (anyone, at /signup). */
  get registration(): Registration {
    return readEnv("REGISTRATION") ?? "invite";
  },
  /** Sign-ups allowed per client IP per hour (lib/accounts/sign-up-throttle.ts). */
  get signUpLimitPerHour(): number {
    return readEnv("SIGN_UP_LIMIT_PER_HOUR") ?? 5;
  },
  /** The first-run code of /setup; unset: one is generated and kept in the database (lib/accounts/setup-code.ts). */
  get setupCode(): string | undefined {
    return process.env.SETUP_CODE?.trim() || undefined;
  },
  /** Where mail goes (lib/mail): unset, each mail is written to the log instead. */
  get smtpUrl(): string | undefined {
    return readEnv("SMTP_URL");
  },
  /** The From of every mail; default `Inkbase <no-reply@<PUBLIC_BASE_URL's host>>`. */
  get mailFrom(): string {
    return process.env.MAIL_FROM?.trim() || `Inkbase <no-reply@${new URL(env.publicBaseUrl).hostname}>`;
  },
  /**
   * Single sign-on with any OpenID Connect provider (docs/single-sign-on.md): OIDC_ISSUER,
   * OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, and OIDC_NAME for its button (default `SSO`).
   */
  get oidc(): { issuer: string; clientId: string; clientSecret: string; name: string } | undefined {
    return readOidcProvider();
  },
  /**
   * Single sign-on with GitHub: GITHUB_ID and GITHUB_SECRET of an OAuth app; GITHUB_URL and
   * GITHUB_API_URL for GitHub Enterprise Server (`https://<host>` and `https://<host>/api/v3`).
   */
  get github(): { clientId: string; clientSecret: string; url: string; apiUrl: string } | undefined {
    return readGitHubProvider();
  },
  get isProduction(): boolean {
    return process.env.NODE_ENV === "production";
  },
};
