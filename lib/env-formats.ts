// The format of every environment variable that has one, defined once. lib/env.ts parses a value
// through its schema each time it reads it, and lib/env-check.ts runs the same schemas over the
// whole environment at start, so a value the check lets through is one the server can read and a
// value the server would refuse is named by the check first. An empty value counts as unset.
import { z } from "zod";

type Vars = Record<string, string | undefined>;

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ["auto", "pretty", "json"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export const MEDIA_STORAGES = ["local", "s3", "vercel-blob"] as const;
export type MediaStorageKind = (typeof MEDIA_STORAGES)[number];

export const REGISTRATIONS = ["invite", "open"] as const;
export type Registration = (typeof REGISTRATIONS)[number];

// Digits only: Number() alone would also take "1e3", "0x10", " 42" and "4.0". Past 2^53 Number()
// rounds (and a long enough string becomes Infinity), so the value read would not be the one set.
const exact = z.custom<number>((value) => Number.isSafeInteger(value), `must be at most ${Number.MAX_SAFE_INTEGER}`);
const positiveInt = z.string().regex(/^[1-9][0-9]*$/, "must be a positive whole number").transform(Number).pipe(exact);
const port = positiveInt.refine((value) => value <= 65535, "must be a port number (1 to 65535)");
const nonNegativeInt = z.string().regex(/^[0-9]+$/, "must be a whole number of 0 or more").transform(Number).pipe(exact);
const flag = z.enum(["0", "1", "true", "false"], { error: "must be 1 or 0" }).transform((value) => value === "1" || value === "true");
const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//i.test(value) && URL.canParse(value), "must be a postgresql:// connection URL");
const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), "must be an absolute http(s) URL");
// Canonical URLs, feeds and ETags are this origin plus a path: a query, fragment or credentials
// in it would end up inside every one of them.
const origin = httpUrl.refine((value) => {
  if (!URL.canParse(value)) return true;
  const url = new URL(value);
  return ["", "/"].includes(url.pathname) && !url.search && !url.hash && !value.includes("?") && !value.includes("#") && !url.username && !url.password;
}, "must be an origin without a path, query or fragment (e.g. https://blog.example.com)");
// Media URLs are this base plus `/<id>/<name>`: a path is allowed (a CDN in front of the app's
// /media), a query or fragment is not.
const urlBase = httpUrl.refine((value) => !value.includes("?") && !value.includes("#"), "must be a URL without a query or fragment (e.g. https://cdn.example.com/media)");

// smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://user:pass@host:465.
const smtpUrl = z
  .string()
  .refine((value) => /^smtps?:\/\//i.test(value) && URL.canParse(value) && new URL(value).hostname !== "", "must be an smtp:// or smtps:// URL (e.g. smtps://user:pass@smtp.example.com:465)");

// The check names problems in this order.
const FORMATS = {
  DATABASE_URL: postgresUrl,
  DIRECT_URL: postgresUrl,
  DATABASE_URL_UNPOOLED: postgresUrl,
  PUBLIC_BASE_URL: origin,
  UPSTASH_REDIS_REST_URL: httpUrl,
  KV_REST_API_URL: httpUrl,
  PORT: port,
  RATE_LIMIT_PUBLIC_PER_MIN: positiveInt,
  RATE_LIMIT_KEY_PER_MIN: positiveInt,
  SIGN_IN_FAILURE_LIMIT: positiveInt,
  OUTBOX_RETENTION_DAYS: positiveInt,
  AUDIT_RETENTION_DAYS: positiveInt,
  WEBHOOK_LOG_RETENTION_DAYS: positiveInt,
  REPROJECTION_LIMIT: positiveInt,
  RESPONSE_CACHE_BYTES: nonNegativeInt,
  TRUST_PROXY: flag,
  WEBHOOK_ALLOW_PRIVATE_TARGETS: flag,
  DATABASE_PREPARED_STATEMENTS: flag,
  DATABASE_POOL_MAX: positiveInt,
  SEED_DEMO: flag,
  INKBASE_EMBEDDED_DB: flag,
  BENCH_WITHOUT_POST_REVISIONS: flag,
  BENCH_WITHOUT_AUDIT: flag,
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }),
  LOG_FORMAT: z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(", ")}` }),
  MEDIA_STORAGE: z.enum(MEDIA_STORAGES, { error: `must be one of ${MEDIA_STORAGES.join(", ")}` }),
  MEDIA_MAX_BYTES: positiveInt,
  MEDIA_PUBLIC_URL: urlBase,
  S3_ENDPOINT: httpUrl,
  S3_FORCE_PATH_STYLE: flag,
  VERCEL_BLOB_API_URL: httpUrl,
  REGISTRATION: z.enum(REGISTRATIONS, { error: `must be one of ${REGISTRATIONS.join(", ")}` }),
  SIGN_UP_LIMIT_PER_HOUR: positiveInt,
  SMTP_URL: smtpUrl,
  // Discovery reads <issuer>/.well-known/openid-configuration: a path is allowed (Keycloak's
  // realms, Entra's tenants), a query or fragment is not.
  OIDC_ISSUER: urlBase,
  GITHUB_URL: urlBase,
  GITHUB_API_URL: urlBase,
};

export type EnvName = keyof typeof FORMATS;
export type EnvValue<N extends EnvName> = z.output<(typeof FORMATS)[N]>;

/** An empty value counts as unset, here and in the start check. */
export const isSet = (value: string | undefined): value is string => value !== undefined && value !== "";

/** One variable, parsed: its value (undefined when unset or empty), or the check's lines about it. */
export function parseEnvVar<N extends EnvName>(name: N, vars: Vars): { value?: EnvValue<N>; problems: string[] } {
  const raw = vars[name];
  if (!isSet(raw)) return { problems: [] };
  const result = FORMATS[name].safeParse(raw);
  if (result.success) return { value: result.data as EnvValue<N>, problems: [] };
  return { problems: result.error.issues.map((issue) => `${name}=${JSON.stringify(raw)} ${issue.message}.`) };
}

/** S3 storage needs a bucket, and a key pair given whole (or neither: the SDK's own credential chain, e.g. an IAM role). */
function s3Problems(vars: Vars): string[] {
  if (vars.MEDIA_STORAGE !== "s3") return [];
  const problems: string[] = [];
  if (!isSet(vars.S3_BUCKET)) problems.push("MEDIA_STORAGE=s3 but S3_BUCKET is not set: name the bucket media is stored in (docs/media.md).");
  if (isSet(vars.S3_ACCESS_KEY_ID) !== isSet(vars.S3_SECRET_ACCESS_KEY)) {
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.");
  }
  return problems;
}

/** Vercel Blob needs its read-write token (set by connecting a Blob store to the Vercel project). */
function blobProblems(vars: Vars): string[] {
  if (vars.MEDIA_STORAGE !== "vercel-blob" || isSet(vars.BLOB_READ_WRITE_TOKEN)) return [];
  return ["MEDIA_STORAGE=vercel-blob but BLOB_READ_WRITE_TOKEN is not set: connect a Blob store to the Vercel project (Storage → Blob), which sets it; see docs/media.md."];
}

/**
 * MEDIA_STORAGE, or its default: `vercel-blob` on Vercel once a Blob store is connected (its
 * BLOB_READ_WRITE_TOKEN is set), else `local`. A malformed value is undefined here (the check names it).
 */
export function mediaStorageKindOf(vars: Vars): MediaStorageKind | undefined {
  const { value, problems } = parseEnvVar("MEDIA_STORAGE", vars);
  if (problems.length) return undefined;
  return value ?? (vars.VERCEL === "1" && isSet(vars.BLOB_READ_WRITE_TOKEN) ? "vercel-blob" : "local");
}

/**
 * Upstash's REST endpoint and token, under either pair of names: Upstash's own, or the ones
 * Vercel's Upstash (formerly Vercel KV) marketplace integration sets. The first pair set wins.
 */
const UPSTASH_NAMES = [
  ["UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN"],
  ["KV_REST_API_URL", "KV_REST_API_TOKEN"],
] as const;

function upstashPairProblems(vars: Vars): string[] {
  return UPSTASH_NAMES.filter(([url, token]) => isSet(vars[url]) !== isSet(vars[token])).map(
    ([url, token]) => `${url} and ${token} must be set together (without both, rate limits silently fall back to each instance's memory).`,
  );
}

/** A single sign-on provider needs its whole set: half of one would show a button that cannot work. */
const SSO_SETS = [
  ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"],
  ["GITHUB_ID", "GITHUB_SECRET"],
] as const;

function ssoSetProblems(vars: Vars): string[] {
  return SSO_SETS.filter((names) => names.some((name) => isSet(vars[name])) && !names.every((name) => isSet(vars[name]))).map(
    (names) => `${names.join(", ").replace(/, (\w+)$/, " and $1")} must be set together (docs/single-sign-on.md); ${names.filter((name) => !isSet(vars[name])).join(" and ")} ${names.filter((name) => !isSet(vars[name])).length === 1 ? "is" : "are"} not set.`,
  );
}

/** Whether either pair of Upstash names is set (the start check warns on Vercel without). */
export function hasUpstash(vars: Vars): boolean {
  return UPSTASH_NAMES.some(([url]) => isSet(vars[url]));
}

/** Every malformed value in `vars`, and every pair set by halves. */
export function envFormatProblems(vars: Vars): string[] {
  return [...(Object.keys(FORMATS) as EnvName[]).flatMap((name) => parseEnvVar(name, vars).problems), ...s3Problems(vars), ...blobProblems(vars), ...upstashPairProblems(vars), ...ssoSetProblems(vars)];
}

/**
 * One error naming every problem, the way the check reports them. `doing` completes
 * "Inkbase cannot …": "start", "migrate", "run".
 */
export function environmentError(doing: string, problems: string[]): Error {
  const error = new Error(
    `Inkbase cannot ${doing}: ${problems.length === 1 ? "a problem" : `${problems.length} problems`} with the environment ` +
      `(README, "Configuration" and "Production"):\n${problems.map((problem) => `  - ${problem}`).join("\n")}`,
  );
  error.name = "EnvironmentError";
  return error;
}

/** The parsed value of `name`, undefined when unset or empty; a malformed value throws. */
export function readEnv<N extends EnvName>(name: N, vars: Vars = process.env): EnvValue<N> | undefined {
  // Some values are read on every request (the body cache's size, the rate limits): the last
  // parse of each variable is kept for as long as the raw text stays the same.
  const raw = vars[name];
  const known = vars === process.env ? lastRead.get(name) : undefined;
  if (known && known.raw === raw) return known.value as EnvValue<N> | undefined;
  const { value, problems } = parseEnvVar(name, vars);
  if (problems.length > 0) throw environmentError("run", problems);
  if (vars === process.env) lastRead.set(name, { raw, value });
  return value;
}

/** The OpenID Connect provider, when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are all set; a half-set one throws, as the check refuses it. */
export function readOidcProvider(vars: Vars = process.env): { issuer: string; clientId: string; clientSecret: string; name: string } | undefined {
  const problems = ssoSetProblems(vars).filter((problem) => problem.startsWith("OIDC_"));
  if (problems.length) throw environmentError("run", problems);
  const issuer = readEnv("OIDC_ISSUER", vars);
  if (!issuer) return undefined;
  return { issuer: issuer.replace(/\/+$/, ""), clientId: vars.OIDC_CLIENT_ID!, clientSecret: vars.OIDC_CLIENT_SECRET!, name: vars.OIDC_NAME?.trim() || "SSO" };
}

/** GitHub's OAuth app, when GITHUB_ID and GITHUB_SECRET are both set. */
export function readGitHubProvider(vars: Vars = process.env): { clientId: string; clientSecret: string; url: string; apiUrl: string } | undefined {
  const problems = ssoSetProblems(vars).filter((problem) => problem.startsWith("GITHUB_"));
  if (problems.length) throw environmentError("run", problems);
  if (!isSet(vars.GITHUB_ID)) return undefined;
  return {
    clientId: vars.GITHUB_ID,
    clientSecret: vars.GITHUB_SECRET!,
    url: (readEnv("GITHUB_URL", vars) ?? "https://github.com").replace(/\/+$/, ""),
    apiUrl: (readEnv("GITHUB_API_URL", vars) ?? "https://api.github.com").replace(/\/+$/, ""),
  };
}

const lastRead = new Map<EnvName, { raw: string | undefined; value: unknown }>();

/** Upstash's REST endpoint when both halves of a pair are set; one half alone throws, as the check refuses it. */
export function readUpstashTarget(vars: Vars = process.env): { url: string; token: string } | undefined {
  const pairs = upstashPairProblems(vars);
  if (pairs.length) throw environmentError("run", pairs);
  for (const [urlName, tokenName] of UPSTASH_NAMES) {
    const url = readEnv(urlName, vars);
    if (url) return { url, token: vars[tokenName]! };
  }
  return undefined;
}
