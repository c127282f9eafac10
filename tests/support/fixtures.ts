// Per-test data, made through the domain functions on the run's database: every test creates
// its own user and keys, so nothing depends on test order.
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { encode } from "next-auth/jwt";
import { createUser } from "../../lib/users/create-user";
import { createApiKey } from "../../lib/auth/create-api-key";
import type { Scope } from "../../lib/auth/scopes";

import { TEST_AUTH_SECRET } from "./test-server-env";

/** Points lib/db at the run's database; call at the top of any test file that touches it. */
export function connectTestDatabase(): void {
  process.env.DATABASE_URL = inject("databaseUrl");
  process.env.AUTH_SECRET ??= TEST_AUTH_SECRET;
}

export function uniqueName(prefix = "u"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}`;
}

export async function createTestUser(options: { plan?: "free" | "pro" } = {}) {
  const username = uniqueName();
  const email = `${username}@example.test`;
  const password = `pw-${randomBytes(6).toString("hex")}`;
  const user = await createUser({ username, email, password, plan: options.plan ?? "free" });
  return { ...user, password };
}

export async function createTestKey(userId: string, scopes: readonly Scope[]): Promise<string> {
  const { key } = await createApiKey({ userId, scopes: [...scopes] });
  return key;
}

/** A next-auth session cookie minted with the test secret, as a signed-in browser would hold. */
export async function sessionCookieFor(userId: string): Promise<string> {
  const token = await encode({ token: { sub: userId }, secret: TEST_AUTH_SECRET });
  return `next-auth.session-token=${token}`;
}

/** Signs in through next-auth's real endpoints (csrf, then the credentials callback). */
export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<{ ok: boolean; cookie: string }> {
  const csrfResponse = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  keep(csrfResponse);
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader() },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  keep(res);
  const ok = [...jar.keys()].some((name) => name.endsWith("next-auth.session-token"));
  return { ok, cookie: cookieHeader() };
}
