// Playwright fixtures for the dashboard specs. Every test gets its own author (made through the
// domain functions on its project's database) and a page already signed in through next-auth's
// real endpoints; `api` calls our REST API with that session, like the dashboard does.
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { createApiKey } from "../../../lib/auth/create-api-key";
import type { Scope } from "../../../lib/auth/scopes";
import { createUser } from "../../../lib/users/create-user";
import { TEST_AUTH_SECRET } from "../../support/test-server-env";
import { e2eServer, type E2eServer } from "./servers";

export type Author = { id: string; username: string; email: string; password: string; plan: "free" | "pro" };

type WorkerFixtures = { server: E2eServer };
type TestFixtures = {
  /** A fresh Pro author, signed in on `page`. */
  author: Author;
  /** Makes another user (e.g. for co-authors or tenant isolation). */
  makeUser: (options?: { plan?: "free" | "pro" }) => Promise<Author>;
  makeKey: (userId: string, scopes: Scope[]) => Promise<string>;
  /** The REST API with the signed-in author's session (page.request shares the page's cookies). */
  api: APIRequestContext;
};

/**
 * Signs in the way an author does: the sign-in form at the plain URL the start banner prints,
 * after the page has settled (its prefetches done, which once replayed a signed-out redirect and
 * left a new author on the form), landing on the dashboard's posts page. `from` starts elsewhere,
 * e.g. a signed-out dashboard URL; `lands` is where the author must end up.
 */
export async function signIn(
  page: Page,
  user: Pick<Author, "email" | "password">,
  { from = "/signin", lands = "/dashboard/posts" }: { from?: string; lands?: string } = {},
): Promise<void> {
  await page.goto(from);
  await expect(page).toHaveURL((url) => url.pathname === "/signin");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page, `sign-in of ${user.email} from ${from}`).toHaveURL((url) => url.pathname + url.search === lands);
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    async ({}, use, workerInfo) => {
      const server = e2eServer(workerInfo.project.name);
      // lib/db connects to DATABASE_URL on first use: this worker's project database.
      process.env.DATABASE_URL = server.databaseUrl;
      process.env.AUTH_SECRET ??= TEST_AUTH_SECRET;
      await use(server);
      const { disconnectDb } = await import("../../../lib/db");
      await disconnectDb();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ server }, use) => use(server.baseUrl),
  makeUser: async ({ server }, use) => {
    void server; // DATABASE_URL is set by the worker fixture
    await use(async ({ plan = "pro" } = {}) => {
      const username = `e2e-${randomBytes(5).toString("hex")}`;
      const password = `pw-${randomBytes(6).toString("hex")}`;
      const user = await createUser({ username, email: `${username}@example.test`, password, plan, displayName: undefined });
      return { id: user.id, username: user.username, email: user.email, password, plan };
    });
  },
  makeKey: async ({ server }, use) => {
    void server;
    await use(async (userId, scopes) => (await createApiKey({ userId, scopes })).key);
  },
  author: async ({ page, makeUser }, use) => {
    const author = await makeUser({ plan: "pro" });
    await signIn(page, author);
    await use(author);
  },
  api: async ({ page, author }, use) => {
    void author; // signed in first
    await use(page.request);
  },
});

export { expect };

/** Creates a post through the API with the page's session; returns its id. */
export async function createPostViaApi(api: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const res = await api.post("/api/posts", { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
