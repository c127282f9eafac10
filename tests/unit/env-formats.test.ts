// The start check (lib/env-check.ts) and the reads at run time (lib/env.ts) parse each variable
// through one schema (lib/env-formats.ts), so they cannot disagree. Before, each had its own
// parser and they did: PORT=1e3 was refused by the check but read as 1000, TRUST_PROXY=yes was
// refused by the check but read as "off", LOG_LEVEL=loud read as "info", a 400-digit limit
// passed the check but threw when read, and SEED_DEMO=true passed the check but did not seed.
import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "../../lib/env";
import { checkEnvironment } from "../../lib/env-check";

const HUGE = `1${"0".repeat(400)}`;

/** The check's lines about one variable. */
function checked(name: string, value: string): string[] {
  return checkEnvironment("server", { [name]: value }).problems.filter((problem) => problem.startsWith(`${name}=`));
}

/** What lib/env.ts reads, or the error it throws. */
function read(name: string, value: string, getter: () => unknown): { value?: unknown; error?: Error } {
  vi.stubEnv(name, value);
  try {
    return { value: getter() };
  } catch (error) {
    return { error: error as Error };
  }
}

const CASES: Array<[name: string, getter: () => unknown, values: string[]]> = [
  ["PORT", () => env.port, ["3000", "1e3", "0x10", " 42", "4.0", "+5", "0", "-1", "80a", "007", "65535", "65536", "9007199254740993", HUGE]],
  ["RATE_LIMIT_KEY_PER_MIN", () => env.rateLimitKeyPerMin, ["300", "3e2", "300.0", "0", HUGE]],
  ["RESPONSE_CACHE_BYTES", () => env.responseCacheBytes, ["0", "1048576", "-0", "1e6", " 5", "-1"]],
  ["TRUST_PROXY", () => env.trustProxy, ["1", "0", "true", "false", "yes", "TRUE", "on"]],
  ["DATABASE_PREPARED_STATEMENTS", () => env.preparedStatements, ["0", "false", "no"]],
  ["SEED_DEMO", () => env.seedDemo, ["1", "true", "0", "yes"]],
  ["LOG_LEVEL", () => env.logLevel, ["warn", "silent", "loud", "WARN"]],
  ["DATABASE_URL", () => env.databaseUrl, ["postgresql://db.example.com/inkbase", "postgres://db/x", "mysql://db/inkbase", "db.example.com"]],
  ["PUBLIC_BASE_URL", () => env.publicBaseUrl, ["https://blog.example.com", "https://blog.example.com/", "https://example.com/blog", "blog.example.com", "https://x.com?a=1", "https://x.com/#top", "https://x.com?", "https://user:pw@x.com"]],
];

describe("the start check and the reads at run time agree", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  for (const [name, getter, values] of CASES) {
    it(`${name}: a value is refused by both or by neither, with the same words`, () => {
      for (const value of values) {
        const problems = checked(name, value);
        const { error } = read(name, value, getter);
        expect(error !== undefined, `${name}=${JSON.stringify(value)}: check says ${JSON.stringify(problems)}, read ${error ? "threw" : "did not throw"}`).toBe(problems.length > 0);
        if (error) {
          expect(error.name).toBe("EnvironmentError");
          for (const problem of problems) expect(error.message).toContain(`  - ${problem}`);
        }
      }
    });
  }

  it("numbers are digits only: 1e3, 0x10, 4.0 and numbers past 2^53 are refused", () => {
    expect(checked("PORT", "1e3")).toEqual(['PORT="1e3" must be a positive whole number.']);
    expect(read("PORT", "1e3", () => env.port).error?.message).toMatch(/^Inkbase cannot run: a problem with the environment .*\n {2}- PORT="1e3" must be a positive whole number\.$/);
    expect(checked("PORT", HUGE)).toEqual([`PORT="${HUGE}" must be at most 9007199254740991.`]);
    expect(checked("RESPONSE_CACHE_BYTES", "-0")).toEqual(['RESPONSE_CACHE_BYTES="-0" must be a whole number of 0 or more.']);
    expect(read("RESPONSE_CACHE_BYTES", "007", () => env.responseCacheBytes).value).toBe(7);
    expect(read("RATE_LIMIT_KEY_PER_MIN", "9007199254740991", () => env.rateLimitKeyPerMin).value).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("PORT is a port number, and PUBLIC_BASE_URL a bare origin (canonical URLs are it plus a path)", () => {
    expect(read("PORT", "65535", () => env.port).value).toBe(65535);
    expect(checked("PORT", "65536")).toEqual(['PORT="65536" must be a port number (1 to 65535).']);
    for (const value of ["https://x.com?a=1", "https://x.com/#top", "https://x.com?", "https://user:pw@x.com"]) {
      expect(checked("PUBLIC_BASE_URL", value)).toEqual([`PUBLIC_BASE_URL=${JSON.stringify(value)} must be an origin without a path, query or fragment (e.g. https://blog.example.com).`]);
    }
    expect(read("PUBLIC_BASE_URL", "https://blog.example.com/", () => env.publicBaseUrl).value).toBe("https://blog.example.com");
  });

  it("flags: 1 and true are on, 0 and false are off, anything else is refused rather than read as off", () => {
    expect(["1", "true", "0", "false"].map((value) => read("TRUST_PROXY", value, () => env.trustProxy).value)).toEqual([true, true, false, false]);
    expect(checked("TRUST_PROXY", "yes")).toEqual(['TRUST_PROXY="yes" must be 1 or 0.']);
    expect(read("SEED_DEMO", "true", () => env.seedDemo).value).toBe(true);
  });

  it("unset or empty values fall back to the defaults without a problem", () => {
    expect(read("PORT", "", () => env.port).value).toBe(3000);
    expect(read("LOG_LEVEL", "", () => env.logLevel).value).toBe("info");
    expect(read("TRUST_PROXY", "", () => env.trustProxy).value).toBe(false);
    expect(read("DATABASE_PREPARED_STATEMENTS", "", () => env.preparedStatements).value).toBe(true);
    expect(checkEnvironment("server", { PORT: "", LOG_LEVEL: "", TRUST_PROXY: "" }).problems).toEqual([]);
  });

  it("Upstash: one half alone is refused by the check and by the limiter's read; both or neither are fine", () => {
    vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
    const urlOnly = read("UPSTASH_REDIS_REST_URL", "https://eu1.upstash.io", () => env.upstash);
    expect(urlOnly.error?.message).toContain("UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must be set together");
    expect(checkEnvironment("server", { UPSTASH_REDIS_REST_URL: "https://eu1.upstash.io" }).problems).toEqual([expect.stringMatching(/must be set together/)]);

    vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "token");
    expect(read("UPSTASH_REDIS_REST_URL", "https://eu1.upstash.io", () => env.upstash).value).toEqual({ url: "https://eu1.upstash.io", token: "token" });
    expect(read("UPSTASH_REDIS_REST_URL", "eu1.upstash.io", () => env.upstash).error?.message).toContain('UPSTASH_REDIS_REST_URL="eu1.upstash.io" must be an absolute http(s) URL.');

    vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
    expect(read("UPSTASH_REDIS_REST_URL", "", () => env.upstash).value).toBeUndefined();
  });

  it("Upstash under the names Vercel's marketplace integration sets (KV_REST_API_URL/TOKEN), Upstash's own first", () => {
    vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
    vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
    vi.stubEnv("KV_REST_API_TOKEN", "kv-token");
    expect(read("KV_REST_API_URL", "https://kv.upstash.io", () => env.upstash).value).toEqual({ url: "https://kv.upstash.io", token: "kv-token" });
    expect(read("KV_REST_API_URL", "kv.upstash.io", () => env.upstash).error?.message).toContain('KV_REST_API_URL="kv.upstash.io" must be an absolute http(s) URL.');

    vi.stubEnv("KV_REST_API_URL", "https://kv.upstash.io");
    vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "own-token");
    expect(read("UPSTASH_REDIS_REST_URL", "https://own.upstash.io", () => env.upstash).value).toEqual({ url: "https://own.upstash.io", token: "own-token" });

    vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
    vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
    expect(read("KV_REST_API_TOKEN", "", () => env.upstash).error?.message).toContain("KV_REST_API_URL and KV_REST_API_TOKEN must be set together");
    expect(checkEnvironment("server", { KV_REST_API_URL: "https://kv.upstash.io" }).problems).toEqual([expect.stringMatching(/^KV_REST_API_URL and KV_REST_API_TOKEN must be set together/)]);
    const onVercel = { VERCEL: "1", NODE_ENV: "production", DATABASE_URL: "postgresql://x/y", AUTH_SECRET: "x".repeat(32), CRON_SECRET: "c", MEDIA_STORAGE: "s3", S3_BUCKET: "b" };
    expect(checkEnvironment("server", onVercel).warnings.some((warning) => warning.startsWith("UPSTASH_REDIS_REST_URL is not set"))).toBe(true);
    expect(checkEnvironment("server", { ...onVercel, KV_REST_API_URL: "https://kv.upstash.io", KV_REST_API_TOKEN: "t" }).warnings.some((warning) => warning.startsWith("UPSTASH_REDIS_REST_URL is not set"))).toBe(false);
  });
});
