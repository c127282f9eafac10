// The outside services a Vercel deployment of Inkbase uses, on loopback for the check: a fresh
// PostgreSQL database (created here, migrated by the build command as on Vercel, dropped at the
// end), an S3-protocol store (s3rver), and a webhook receiver. Their variables are the
// deployment's environment (.vercel/.env.production.local).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startS3Server, type S3TestServer } from "../../tests/support/s3-server";
import { withDatabaseName } from "../../tests/support/test-database";
import { startWebhookReceiver, type WebhookReceiver } from "../../tests/support/webhook-receiver";

export type LocalServices = {
  databaseUrl: string;
  s3: S3TestServer;
  receiver: WebhookReceiver;
  /** The deployment's environment variables, as set in a Vercel project. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

/** The host names Vercel would give this deployment (no DNS needed: nothing resolves them). */
export const DEPLOYMENT_HOST = "inkbase-check.vercel.app";
export const PRODUCTION_HOST = "blog.inkbase-check.example";

export async function startLocalServices(serverUrl: string): Promise<LocalServices> {
  const name = `inkbase_vercel_check_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const databaseUrl = withDatabaseName(serverUrl, name);
  const s3 = await startS3Server("inkbase-vercel-check");
  const receiver = await startWebhookReceiver();
  const env = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    CRON_SECRET: randomBytes(24).toString("base64url"),
    SETUP_CODE: "CHECK-VERC-0001",
    ...s3.env,
    // The receiver is on loopback, which the webhook SSRF guard refuses unless told otherwise.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "1",
    VERCEL_ENV: "production",
    VERCEL_URL: DEPLOYMENT_HOST,
    VERCEL_PROJECT_PRODUCTION_URL: PRODUCTION_HOST,
    LOG_LEVEL: "warn",
  };
  return {
    databaseUrl,
    s3,
    receiver,
    env,
    async stop() {
      await receiver.close();
      await s3.stop();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
