// The environment, checked once at start rather than discovered one failing request at a time:
// instrumentation.ts checks it when any server boots (`npm start`, `next start`, Vercel),
// scripts/check-env.ts when `npm run build` runs, and the launcher and `db:migrate` before they
// touch a database. lib/env.ts still reads each value where it is used, through the same formats
// (lib/env-formats.ts); this names every problem at once, with what to do about it.
// docs/deploying.md explains what is fatal where.
import { publicBaseUrlFrom, publicBaseUrlSource } from "./env";
import { envFormatProblems, environmentError, hasUpstash, isSet as set, mediaStorageKindOf, parseEnvVar } from "./env-formats";

/**
 * - `build`: `npm run build`. Only on Vercel is the build's environment the deployment's, so
 *   only there does a missing DATABASE_URL or AUTH_SECRET fail it (CI and Docker build without).
 * - `server`: a Next server starting. With NODE_ENV=production (`next start`, Vercel, and the
 *   launcher's server, which always receives both) DATABASE_URL and AUTH_SECRET are required.
 * - `migrate`: `npm run db:migrate`. On Vercel there is no embedded database to fall back to.
 * - `launcher`: `npm start` / `npm run dev` before it starts anything.
 */
export type EnvPhase = "build" | "server" | "migrate" | "launcher";

export type EnvReport = { problems: string[]; warnings: string[] };

type Vars = Record<string, string | undefined>;

const MISSING_DATABASE =
  "DATABASE_URL is not set. A production server needs PostgreSQL: set DATABASE_URL (on Vercel the pooled URL; see README, \"Production\"), or run `npm start`, which starts the embedded database.";
const MISSING_SECRET =
  "AUTH_SECRET is not set, so sessions cannot be signed and every /api/auth call would fail. Set it to a random string of 32 or more characters (`openssl rand -base64 32`); `npm start` on the embedded database generates one.";

/** `dev`: the launcher runs `next dev` (`npm run dev`), where a generated secret is fine. */
export function checkEnvironment(phase: EnvPhase, vars: Vars, options: { dev?: boolean } = {}): EnvReport {
  const onVercel = vars.VERCEL === "1";
  if (phase === "build" && !onVercel) return { problems: [], warnings: [] };
  const problems = envFormatProblems(vars);
  const warnings: string[] = [];
  const hasDatabase = set(vars.DATABASE_URL);
  const hasSecret = set(vars.AUTH_SECRET) || set(vars.NEXTAUTH_SECRET);
  const production = vars.NODE_ENV === "production";

  if (phase === "build" && onVercel) {
    const where = `in the Vercel project's Environment Variables for this deployment's environment (${vars.VERCEL_ENV ?? "production"})`;
    if (!hasDatabase) problems.push(`DATABASE_URL is not set ${where}: the deployment would answer 500 on every data route. Set it (a preview should get its own database, not production's).`);
    if (!hasSecret) problems.push(`AUTH_SECRET is not set ${where}: sign-in would fail. Set it to a random string of 32 or more characters.`);
  }

  // Vercel's functions have no lasting disk: files written there vanish with the instance.
  const localMediaOnVercel = onVercel && mediaStorageKindOf(vars) === "local" && (phase === "build" || (phase === "server" && production));
  if (localMediaOnVercel) {
    problems.push(
      "MEDIA_STORAGE is local (the default), but on Vercel the local disk is not kept: uploaded images would vanish with each function instance. Connect a Vercel Blob store to the project (Storage → Blob: it sets BLOB_READ_WRITE_TOKEN, and media then go there), or set MEDIA_STORAGE=s3 with S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for R2, B2, MinIO or Tigris); see docs/media.md.",
    );
  }

  if (phase === "migrate" && onVercel && !hasDatabase && !set(vars.DIRECT_URL) && !set(vars.DATABASE_URL_UNPOOLED)) {
    problems.push("DATABASE_URL is not set: on Vercel there is no embedded database to migrate. Set DATABASE_URL (and DIRECT_URL or DATABASE_URL_UNPOOLED for a direct connection) for this environment.");
  }

  if (phase === "server") {
    if (production && !hasDatabase) problems.push(MISSING_DATABASE);
    if (production && !hasSecret) problems.push(MISSING_SECRET);
    if (!production && !hasDatabase) warnings.push("DATABASE_URL is not set: every data route will fail. `npm run dev` starts the embedded database for you.");
    if (!production && !hasSecret) warnings.push("AUTH_SECRET is not set: sessions cannot be checked, so sign-in will not work. `npm run dev` generates one for you.");
  }

  if (phase === "launcher" && hasDatabase && !hasSecret && !options.dev) {
    problems.push(`${MISSING_SECRET.split(". Set")[0]}. With a real DATABASE_URL it must be set (\`openssl rand -base64 32\`); only the embedded database gets a generated one.`);
  }

  const serving = (phase === "server" && production) || (phase === "launcher" && hasDatabase);
  if (serving && publicBaseUrlSource(vars) === "localhost") {
    warnings.push(`PUBLIC_BASE_URL is not set: canonical URLs, feeds, the sitemap and webhook payloads will name ${publicBaseUrlFrom(vars, parseEnvVar("PORT", vars).value ?? 3000)}. Set it to the site's public origin.`);
  }
  if (serving && hasSecret && (vars.AUTH_SECRET || vars.NEXTAUTH_SECRET || "").length < 32) {
    warnings.push("AUTH_SECRET is shorter than 32 characters: use `openssl rand -base64 32`.");
  }
  if (phase === "server" && production && vars.REGISTRATION === "open" && !set(vars.SMTP_URL)) {
    warnings.push("REGISTRATION=open but SMTP_URL is not set: new accounts' verification mails (and password resets) are only written to this server's log, so people who sign up cannot verify their address. Set SMTP_URL and MAIL_FROM (README, \"E-mail\").");
  }
  if (phase === "server" && onVercel) {
    if (!set(vars.CRON_SECRET)) warnings.push("CRON_SECRET is not set: Vercel Cron's calls to /api/cron/tick will be refused (401), so scheduled posts are not announced and webhook retries wait.");
    if (!hasUpstash(vars)) warnings.push("UPSTASH_REDIS_REST_URL is not set (nor KV_REST_API_URL, the name Vercel's Upstash integration uses): each serverless instance keeps its own rate-limit counts, so the limits do not hold.");
  }
  return { problems, warnings };
}

/** Throws one error listing every problem; returns the warnings for the caller to log. */
export function assertEnvironment(phase: EnvPhase, vars: Vars, options: { dev?: boolean } = {}): string[] {
  const { problems, warnings } = checkEnvironment(phase, vars, options);
  if (problems.length > 0) {
    throw environmentError(phase === "build" ? "be built for this deployment" : phase === "migrate" ? "migrate" : "start", problems);
  }
  return warnings;
}
