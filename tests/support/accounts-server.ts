// The account tests' own world: a fresh database (PostgreSQL with TEST_DATABASE_URL, else the
// embedded one), a real SMTP server catching mail (smtp-catcher.ts), and a production server
// wired to both with REGISTRATION=open, PUBLIC_BASE_URL its own origin. Each client IP is made
// up per test (TRUST_PROXY=1), so throttles never carry over between tests. Unless `setUp: false`,
// the world is set up the way an operator does it (POST /api/account/setup with SETUP_CODE, an
// `operator-…` account): sign-up opens only after setup (lib/accounts/sign-up.ts).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { startNextServer, freePort, type RunningServer } from "./start-next-server";
import { startSmtpCatcher, type SmtpCatcher } from "./smtp-catcher";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { testServerEnv } from "./test-server-env";

export type AccountsWorld = { server: RunningServer; smtp: SmtpCatcher; database: TestDatabase; baseUrl: string; env: Record<string, string | undefined> };

export async function startAccountsWorld(
  options: {
    env?: Record<string, string | undefined>;
    databaseKind?: TestDatabase["kind"];
    /** Chosen beforehand, e.g. named in an identity provider's redirect URI. */ port?: number;
    /** false: leave the database without any account (the first-run tests). */ setUp?: boolean;
  } = {},
): Promise<AccountsWorld> {
  const database = await createTestDatabase("inkbase_accounts", options.databaseKind);
  const smtp = await startSmtpCatcher();
  const port = options.port ?? (await freePort());
  const env = {
    ...testServerEnv({ databaseUrl: database.url, cronSecret: "accounts-cron-secret" }),
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    REGISTRATION: "open",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Inkbase Tests <no-reply@inkbase.test>",
    SIGN_IN_FAILURE_LIMIT: "10",
    ...(options.setUp === false ? {} : { SETUP_CODE: WORLD_SETUP_CODE }),
    ...options.env,
  };
  const server = await startNextServer(env, { port });
  if (options.setUp !== false) {
    const res = await fetch(`${server.url}/api/account/setup`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url, "X-Forwarded-For": randomIp() },
      body: JSON.stringify({ code: env.SETUP_CODE, ...uniqueAccount("operator") }),
    });
    if (res.status !== 201) throw new Error(`setting up the accounts world: ${res.status} ${await res.text()}`);
  }
  return { server, smtp, database, baseUrl: server.url, env };
}

const WORLD_SETUP_CODE = "ACCT-WRLD-SETP";

/** beforeAll/afterAll around a world for the file. */
export function accountsWorld(options: Parameters<typeof startAccountsWorld>[0] = {}): () => AccountsWorld {
  let world: AccountsWorld | undefined;
  beforeAll(async () => {
    world = await startAccountsWorld(options);
    process.env.DATABASE_URL = world.database.url;
  }, 180_000);
  afterAll(async () => {
    await world?.server.stop();
    await world?.smtp.close();
    const { disconnectDb } = await import("../../lib/db");
    await disconnectDb();
    await world?.database.drop();
  });
  return () => world!;
}

export const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;

export function uniqueAccount(prefix = "acc") {
  const username = `${prefix}-${randomBytes(4).toString("hex")}`;
  return { username, email: `${username}@example.test`, password: `Tall-Ladder-${randomBytes(4).toString("hex")}` };
}

/** A cookie jar over fetch: the session cookie follows Set-Cookie (including its clearing). */
export class Browser {
  readonly jar = new Map<string, string>();
  constructor(readonly baseUrl: string, readonly ip: string = randomIp()) {}

  cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keep(res: Response): void {
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === "" || /max-age=0/i.test(header)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: "manual",
      headers: {
        "X-Forwarded-For": this.ip,
        ...(this.jar.size ? { Cookie: this.cookie() } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keep(res);
    return res;
  }

  /** next-auth's real endpoints: csrf, then the credentials callback. True when signed in. */
  async signIn(email: string, password: string): Promise<boolean> {
    const csrf = await this.request("GET", "/api/auth/csrf");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetch(`${this.baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: this.cookie(), "X-Forwarded-For": this.ip },
      body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
    });
    this.keep(res);
    return this.jar.has("next-auth.session-token");
  }
}

/** The token of a mailed link to `path` (`/verify-email`, `/reset-password`, `/confirm-email`). */
export function tokenFrom(links: string[], path: string): string {
  const link = links.find((candidate) => new URL(candidate).pathname === path);
  if (!link) throw new Error(`no ${path} link in ${JSON.stringify(links)}`);
  return new URL(link).searchParams.get("token")!;
}
