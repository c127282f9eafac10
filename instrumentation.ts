// Next calls register() once when the server starts (`npm start`, `next start`, each Vercel
// instance; never during `next build`). It checks the environment (lib/env-check.ts): a
// production server without DATABASE_URL or AUTH_SECRET, or with a malformed value, prints one
// message naming every problem and exits with code 1, instead of answering 500 to each request
// later. Warnings go to the log.
// This file is part of every Vercel function, the proxy's included: whatever it imports ships in
// all of them, so it imports nothing that reaches the database, sharp or S3 (the in-process cron
// ticker of `npm start` lives in scripts/serve.ts for that reason).
export async function register(): Promise<void> {
  // Next's own build-time flag: both need the Node.js runtime (database, sockets, process.env).
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { assertEnvironment } = await import("./lib/env-check");
  let warnings: string[];
  try {
    warnings = assertEnvironment("server", process.env);
  } catch (err) {
    // Measured: `next start` logs a failing register() ("Failed to prepare server") and goes on
    // answering every request with a bare 500. A server that cannot work stops instead, where
    // a supervisor, a deploy check or the person starting it sees why. Vercel's instances are
    // the platform's to end: there the thrown error fails each invocation with this message.
    if (process.env.VERCEL !== "1") {
      console.error(`[inkbase] ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    }
    throw err;
  }
  if (warnings.length > 0) {
    const { logger } = await import("./lib/log/logger");
    for (const warning of warnings) logger().warn(warning);
  }
}
