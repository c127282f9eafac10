// Files the launcher keeps under DATA_DIR next to the embedded database: the generated session
// secret and the demo credentials printed on every start. Both are private to the machine (0600).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DemoCredentials } from "../../lib/seed/seed-demo";

export function loadOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

const demoFile = (dataDir: string) => path.join(dataDir, "demo-credentials.json");

export function saveDemoCredentials(dataDir: string, credentials: DemoCredentials): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(demoFile(dataDir), JSON.stringify(credentials, null, 2) + "\n", { mode: 0o600 });
}

export function loadDemoCredentials(dataDir: string): DemoCredentials | null {
  try {
    return JSON.parse(readFileSync(demoFile(dataDir), "utf8")) as DemoCredentials;
  } catch {
    return null;
  }
}
