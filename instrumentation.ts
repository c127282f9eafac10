// Next calls register() once when the server starts (`npm start`, `next start`, each Vercel
// instance; never during `next build`). It does two things:
// 1. Checks the environment (lib/env-check.ts): a production server without DATABASE_URL or
//    AUTH_SECRET, or with a malformed value, prints one message naming every problem and exits
//    with code 1, instead of answering 500 to each request later. Warnings go to the log.
// 2. Starts the in-process cron ticker when scripts/serve.ts (`npm start`) asked for one
//    (lib/cron/in-process-ticker.ts). Test servers, `next start` and Vercel do not ask.
// 3. While the database holds no account, prints where to set Inkbase up and the setup code
//    (lib/accounts/announce-setup.ts; on Vercel it shows in the runtime log). Not awaited: the
//    server answers meanwhile, and an unreachable database is reported by /api/health, not here.
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
  const { startRequestedTicker } = await import("./lib/cron/in-process-ticker");
  await startRequestedTicker();
  void import("./lib/accounts/announce-setup")
    .then(({ announceSetup }) => announceSetup())
    .catch((err: unknown) => console.warn(`[inkbase] could not check for a first account: ${err instanceof Error ? err.message : String(err)}`));
}
