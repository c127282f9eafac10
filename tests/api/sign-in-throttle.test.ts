// Sign-in throttling (issue 14) on a server of its own with the default limit (10 failures per
// account and per client IP in 15 minutes): the 11th attempt is 429 with Retry-After and a clear
// message before any password is checked, an unknown e-mail is treated exactly like a known one,
// and hostile form values never become a 5xx.
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { DUMMY_PASSWORD_HASH, hashPassword } from "../../lib/auth/password";
import { connectTestDatabase, createTestUser, uniqueName } from "../support/fixtures";
import { startNextServer, type RunningServer } from "../support/start-next-server";
import { testServerEnv } from "../support/test-server-env";

connectTestDatabase();

let server: RunningServer;

beforeAll(async () => {
  server = await startNextServer({ ...testServerEnv({ databaseUrl: inject("databaseUrl"), cronSecret: "unused" }), SIGN_IN_FAILURE_LIMIT: undefined });
}, 120_000);
afterAll(async () => server?.stop());

const ip = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** One credentials sign-in (csrf then callback, json=true) from the given client IP. */
async function signIn(email: string, password: string, from: string): Promise<{ status: number; ok: boolean; body: Record<string, unknown>; retryAfter: string | null }> {
  const csrf = await fetch(`${server.url}/api/auth/csrf`, { headers: { "X-Forwarded-For": from } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers.getSetCookie().map((header) => header.split(";")[0]).join("; ");
  const res = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, "X-Forwarded-For": from },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  const ok = res.headers.getSetCookie().some((header) => header.includes("next-auth.session-token="));
  return { status: res.status, ok, body, retryAfter: res.headers.get("retry-after") };
}

function expectThrottled(result: Awaited<ReturnType<typeof signIn>>) {
  expect(result.status).toBe(429);
  expect(result.ok).toBe(false);
  expect(result.body).toMatchObject({ error: "rate_limited", retryAfter: expect.any(Number), message: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in \d+ minutes\.$/) });
  expect(Number(result.retryAfter)).toBe(result.body.retryAfter);
  expect(Number(result.retryAfter)).toBeGreaterThan(0);
  expect(Number(result.retryAfter)).toBeLessThanOrEqual(15 * 60);
}

describe("sign-in throttling", () => {
  it("per account: after 10 failures from anywhere even the right password is refused with 429; other accounts are not affected", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    for (let i = 0; i < 10; i++) {
      const result = await signIn(user.email, "wrong-password", ip());
      expect(result.status).toBe(401);
      expect(result.ok).toBe(false);
    }
    expectThrottled(await signIn(user.email, user.password, ip()));
    expectThrottled(await signIn(` ${user.email.toUpperCase()} `, user.password, ip()));
    expect((await signIn(other.email, other.password, ip())).ok).toBe(true);
  });

  it("per client IP: after 10 failures from one IP, that IP is refused for every account; another IP is not", async () => {
    const attacker = ip();
    for (let i = 0; i < 10; i++) expect((await signIn(`${uniqueName("nobody")}@example.test`, "guess", attacker)).status).toBe(401);
    const user = await createTestUser();
    expectThrottled(await signIn(user.email, user.password, attacker));
    expect((await signIn(user.email, user.password, ip())).ok).toBe(true);
  });

  it("an unknown e-mail gets exactly the answers a known one gets, throttle included", async () => {
    const known = await createTestUser();
    const unknown = `${uniqueName("ghost")}@example.test`;
    const answers = async (email: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 11; i++) {
        const result = await signIn(email, "wrong-password", ip());
        // The seconds left differ between the two runs; everything else must be identical.
        const body = { ...result.body, url: typeof result.body.url === "string" ? new URL(result.body.url).search : undefined };
        seen.push(`${result.status} ${JSON.stringify(body).replace(/\d+/g, "n")}`);
      }
      return seen;
    };
    expect(await answers(unknown)).toEqual(await answers(known.email));
  });

  it("hostile form values are refused without a 5xx", async () => {
    for (const email of ["a\u0000b@example.test", "\ud800@example.test", "x".repeat(10_000)]) {
      const result = await signIn(email, "p\u0000w", ip());
      expect(result.status).toBe(401);
      expect(result.ok).toBe(false);
    }
  });

  it("checks an unknown e-mail's password against a dummy hash of the same cost, so both take equally long", async () => {
    const real = (await hashPassword("x")).split("$");
    const dummy = DUMMY_PASSWORD_HASH.split("$");
    expect(dummy.slice(0, 4)).toEqual(real.slice(0, 4));
    expect(Buffer.from(dummy[5], "base64").length).toBe(Buffer.from(real[5], "base64").length);
  });
});
