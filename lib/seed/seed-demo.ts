// First-run demo data so a newcomer sees a working account at once. Runs only when the database
// has no users yet: a second start reuses what is there. Later features add their demo content
// through seed steps called from here.
import { randomBytes } from "node:crypto";
import { db } from "../db";
import { createUser } from "../users/create-user";
import { createApiKey } from "../auth/create-api-key";
import { SCOPES } from "../auth/scopes";
import { seedDemoPosts } from "./seed-demo-posts";
import { seedDemoCollections } from "./seed-demo-collections";

export type DemoCredentials = { username: string; email: string; password: string; key: string };

export const DEMO_USERNAME = "demo";
export const DEMO_EMAIL = "demo@inkbase.local";

export async function seedDemo(): Promise<DemoCredentials | null> {
  if ((await db().user.count()) > 0) return null;
  // A random password per installation: a fixed demo password would be a known credential on
  // any instance someone forgot to lock down.
  const password = randomBytes(9).toString("base64url");
  const user = await createUser({
    username: DEMO_USERNAME,
    email: DEMO_EMAIL,
    password,
    plan: "pro",
    displayName: "Demo Author",
  });
  const { key } = await createApiKey({ userId: user.id, name: "Demo key (all scopes)", scopes: [...SCOPES] });
  await seedDemoPosts({ userId: user.id, username: user.username });
  await seedDemoCollections({ userId: user.id, username: user.username });
  return { username: user.username, email: user.email, password, key };
}
