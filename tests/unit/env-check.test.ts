// Deployment truth (issue 14): the public origin's fallbacks, and what the environment check
// refuses or warns about in each phase (lib/env-check.ts).
import { describe, expect, it } from "vitest";
import { publicBaseUrlFrom } from "../../lib/env";
import { checkEnvironment } from "../../lib/env-check";
import { mediaStorageKindOf } from "../../lib/env-formats";

const VERCEL_PRODUCTION = { VERCEL: "1", VERCEL_ENV: "production", VERCEL_PROJECT_PRODUCTION_URL: "blog.example.com", VERCEL_BRANCH_URL: "inkbase-git-main-team.vercel.app", VERCEL_URL: "inkbase-abc123-team.vercel.app" };
const VERCEL_PREVIEW = { ...VERCEL_PRODUCTION, VERCEL_ENV: "preview", VERCEL_BRANCH_URL: "inkbase-git-feature-team.vercel.app" };
const READY = { DATABASE_URL: "postgresql://app:pw@db.example.com:5432/inkbase", AUTH_SECRET: "s".repeat(44) };
/** Media on an S3-compatible store: what a Vercel deployment needs (its disk is not kept). */
const S3_READY = { MEDIA_STORAGE: "s3", S3_BUCKET: "inkbase-media", S3_REGION: "auto", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" };

describe("public base URL", () => {
  it("PUBLIC_BASE_URL wins everywhere, without a trailing slash", () => {
    expect(publicBaseUrlFrom({ ...VERCEL_PRODUCTION, PUBLIC_BASE_URL: "https://ink.example.org/" }, 3000)).toBe("https://ink.example.org");
    expect(publicBaseUrlFrom({ ...VERCEL_PREVIEW, PUBLIC_BASE_URL: "https://ink.example.org" }, 3000)).toBe("https://ink.example.org");
  });

  it("a Vercel production deployment names the project's production domain, then the deployment URL", () => {
    expect(publicBaseUrlFrom(VERCEL_PRODUCTION, 3000)).toBe("https://blog.example.com");
    expect(publicBaseUrlFrom({ ...VERCEL_PRODUCTION, VERCEL_PROJECT_PRODUCTION_URL: "" }, 3000)).toBe("https://inkbase-abc123-team.vercel.app");
  });

  it("a preview names its branch URL, then its deployment URL, never production's domain", () => {
    expect(publicBaseUrlFrom(VERCEL_PREVIEW, 3000)).toBe("https://inkbase-git-feature-team.vercel.app");
    expect(publicBaseUrlFrom({ ...VERCEL_PREVIEW, VERCEL_BRANCH_URL: undefined }, 3000)).toBe("https://inkbase-abc123-team.vercel.app");
  });

  it("elsewhere (and under `vercel dev`) localhost on the port", () => {
    expect(publicBaseUrlFrom({}, 4123)).toBe("http://localhost:4123");
    expect(publicBaseUrlFrom({ VERCEL: "1", VERCEL_ENV: "development", VERCEL_URL: "localhost:3000" }, 3000)).toBe("http://localhost:3000");
  });
});

describe("environment check", () => {
  it("a production server without DATABASE_URL or AUTH_SECRET is refused, naming both", () => {
    const { problems } = checkEnvironment("server", { NODE_ENV: "production" });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^DATABASE_URL is not set\./);
    expect(problems[1]).toMatch(/^AUTH_SECRET is not set/);
  });

  it("a production server with both starts, warning that canonical URLs would name localhost", () => {
    const report = checkEnvironment("server", { NODE_ENV: "production", ...READY });
    expect(report.problems).toEqual([]);
    expect(report.warnings).toEqual([expect.stringMatching(/^PUBLIC_BASE_URL is not set: .* http:\/\/localhost:3000\./)]);
    expect(checkEnvironment("server", { NODE_ENV: "production", ...READY, PUBLIC_BASE_URL: "https://blog.example.com" }).warnings).toEqual([]);
  });

  it("on Vercel: no localhost warning, but a missing CRON_SECRET and Upstash are pointed out", () => {
    const { problems, warnings } = checkEnvironment("server", { NODE_ENV: "production", ...READY, ...S3_READY, ...VERCEL_PRODUCTION });
    expect(problems).toEqual([]);
    expect(warnings.map((warning) => warning.split(" ")[0])).toEqual(["CRON_SECRET", "UPSTASH_REDIS_REST_URL"]);
  });

  it("open registration without a mail server warns at start; a bad SMTP_URL or REGISTRATION is refused", () => {
    const open = checkEnvironment("server", { NODE_ENV: "production", ...READY, PUBLIC_BASE_URL: "https://blog.example.com", REGISTRATION: "open" });
    expect(open.problems).toEqual([]);
    expect(open.warnings).toEqual([expect.stringMatching(/^REGISTRATION=open but SMTP_URL is not set/)]);
    expect(checkEnvironment("server", { NODE_ENV: "production", ...READY, PUBLIC_BASE_URL: "https://blog.example.com", REGISTRATION: "open", SMTP_URL: "smtps://u:p@smtp.example.com:465" }).warnings).toEqual([]);
    expect(checkEnvironment("server", { NODE_ENV: "production", ...READY, PUBLIC_BASE_URL: "https://blog.example.com" }).warnings).toEqual([]);
    const bad = checkEnvironment("server", { NODE_ENV: "production", ...READY, REGISTRATION: "public", SMTP_URL: "http://smtp.example.com", SIGN_UP_LIMIT_PER_HOUR: "0" });
    expect(bad.problems).toEqual([
      'REGISTRATION="public" must be one of invite, open.',
      'SIGN_UP_LIMIT_PER_HOUR="0" must be a positive whole number.',
      'SMTP_URL="http://smtp.example.com" must be an smtp:// or smtps:// URL (e.g. smtps://user:pass@smtp.example.com:465).',
    ]);
  });

  it("malformed values are refused with the variable and what it must be", () => {
    const { problems } = checkEnvironment("server", {
      NODE_ENV: "production",
      ...READY,
      DATABASE_URL: "mysql://db/inkbase",
      PORT: "80a",
      TRUST_PROXY: "yes",
      LOG_LEVEL: "loud",
      PUBLIC_BASE_URL: "https://example.com/blog",
      UPSTASH_REDIS_REST_URL: "https://eu1.upstash.io",
    });
    expect(problems).toEqual([
      'DATABASE_URL="mysql://db/inkbase" must be a postgresql:// connection URL.',
      'PUBLIC_BASE_URL="https://example.com/blog" must be an origin without a path, query or fragment (e.g. https://blog.example.com).',
      'PORT="80a" must be a positive whole number.',
      'TRUST_PROXY="yes" must be 1 or 0.',
      'LOG_LEVEL="loud" must be one of fatal, error, warn, info, debug, trace, silent.',
      expect.stringMatching(/^UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must be set together/),
    ]);
  });

  it("a development server only warns; the build checks nothing off Vercel (CI builds without a database)", () => {
    expect(checkEnvironment("server", { NODE_ENV: "development" })).toEqual({ problems: [], warnings: [expect.stringMatching(/^DATABASE_URL is not set/), expect.stringMatching(/^AUTH_SECRET is not set/)] });
    expect(checkEnvironment("build", { NODE_ENV: "production", PORT: "nonsense" })).toEqual({ problems: [], warnings: [] });
  });

  it("a Vercel build (production or preview) without DATABASE_URL or AUTH_SECRET fails", () => {
    expect(checkEnvironment("build", { ...VERCEL_PRODUCTION, ...S3_READY }).problems).toEqual([
      expect.stringMatching(/^DATABASE_URL is not set in the Vercel project's Environment Variables for this deployment's environment \(production\)/),
      expect.stringMatching(/^AUTH_SECRET is not set/),
    ]);
    expect(checkEnvironment("build", { ...VERCEL_PREVIEW, ...S3_READY, AUTH_SECRET: "x".repeat(40) }).problems).toEqual([expect.stringMatching(/\(preview\).*its own database/)]);
    expect(checkEnvironment("build", { ...VERCEL_PREVIEW, ...S3_READY, ...READY }).problems).toEqual([]);
  });

  it("refuses local media storage on Vercel (its disk is not kept) and an S3 store set up by halves", () => {
    for (const phase of ["build", "server"] as const) {
      expect(checkEnvironment(phase, { NODE_ENV: "production", ...READY, ...VERCEL_PRODUCTION }).problems).toEqual([expect.stringMatching(/^MEDIA_STORAGE is local \(the default\), but on Vercel the local disk is not kept/)]);
      expect(checkEnvironment(phase, { NODE_ENV: "production", ...READY, ...VERCEL_PRODUCTION, MEDIA_STORAGE: "local" }).problems).toHaveLength(1);
    }
    // Off Vercel, local storage is the default and fine.
    expect(checkEnvironment("server", { NODE_ENV: "production", ...READY }).problems).toEqual([]);
    expect(checkEnvironment("server", { NODE_ENV: "production", ...READY, MEDIA_STORAGE: "s3" }).problems).toEqual([expect.stringMatching(/^MEDIA_STORAGE=s3 but S3_BUCKET is not set/)]);
    expect(checkEnvironment("server", { NODE_ENV: "production", ...READY, ...S3_READY, S3_SECRET_ACCESS_KEY: "" }).problems).toEqual(["S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together."]);
    expect(checkEnvironment("server", { NODE_ENV: "production", ...READY, MEDIA_STORAGE: "disk", MEDIA_MAX_BYTES: "20MB", MEDIA_PUBLIC_URL: "https://cdn.example.com/m?x=1" }).problems).toEqual([
      'MEDIA_STORAGE="disk" must be one of local, s3, vercel-blob.',
      'MEDIA_MAX_BYTES="20MB" must be a positive whole number.',
      'MEDIA_PUBLIC_URL="https://cdn.example.com/m?x=1" must be a URL without a query or fragment (e.g. https://cdn.example.com/media).',
    ]);
  });

  it("uses a connected Vercel Blob store on Vercel by default, and needs its token when named", () => {
    const BLOB = { BLOB_READ_WRITE_TOKEN: "vercel_blob_rw_store1_secret" };
    for (const phase of ["build", "server"] as const) {
      expect(checkEnvironment(phase, { NODE_ENV: "production", ...READY, ...VERCEL_PRODUCTION, ...BLOB }).problems).toEqual([]);
      // An explicit choice wins over the default.
      expect(checkEnvironment(phase, { NODE_ENV: "production", ...READY, ...VERCEL_PRODUCTION, ...BLOB, MEDIA_STORAGE: "local" }).problems).toEqual([
        expect.stringMatching(/^MEDIA_STORAGE is local .*Connect a Vercel Blob store/),
      ]);
    }
    expect(mediaStorageKindOf({ ...VERCEL_PRODUCTION, ...BLOB })).toBe("vercel-blob");
    expect(mediaStorageKindOf({ ...BLOB })).toBe("local");
    expect(mediaStorageKindOf({ ...VERCEL_PRODUCTION, ...BLOB, ...S3_READY })).toBe("s3");
    expect(checkEnvironment("server", { NODE_ENV: "production", ...READY, MEDIA_STORAGE: "vercel-blob" }).problems).toEqual([expect.stringMatching(/^MEDIA_STORAGE=vercel-blob but BLOB_READ_WRITE_TOKEN is not set/)]);
    expect(checkEnvironment("server", { NODE_ENV: "production", ...READY, ...BLOB, MEDIA_STORAGE: "vercel-blob", VERCEL_BLOB_API_URL: "localhost:9000" }).problems).toEqual([
      'VERCEL_BLOB_API_URL="localhost:9000" must be an absolute http(s) URL.',
    ]);
  });

  it("db:migrate on Vercel needs a database URL; elsewhere it may use the embedded one", () => {
    expect(checkEnvironment("migrate", VERCEL_PRODUCTION).problems).toEqual([expect.stringMatching(/no embedded database to migrate/)]);
    expect(checkEnvironment("migrate", { ...VERCEL_PRODUCTION, DATABASE_URL_UNPOOLED: READY.DATABASE_URL }).problems).toEqual([]);
    expect(checkEnvironment("migrate", {}).problems).toEqual([]);
  });

  it("the launcher: nothing set is fine (embedded); a real DATABASE_URL needs AUTH_SECRET except under `npm run dev`", () => {
    expect(checkEnvironment("launcher", {})).toEqual({ problems: [], warnings: [] });
    expect(checkEnvironment("launcher", { DATABASE_URL: READY.DATABASE_URL }).problems).toEqual([expect.stringMatching(/^AUTH_SECRET is not set/)]);
    expect(checkEnvironment("launcher", { DATABASE_URL: READY.DATABASE_URL }, { dev: true }).problems).toEqual([]);
  });
});
