// Next calls register() once when the server starts. Its only job: start the in-process cron
// ticker when scripts/serve.ts (`npm start`) asked for one (lib/cron/in-process-ticker.ts).
// Test servers, `next start` and Vercel do not ask, so nothing runs there.
export async function register(): Promise<void> {
  // Next's own build-time flag: the ticker needs the Node.js runtime (database, sockets).
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startRequestedTicker } = await import("./lib/cron/in-process-ticker");
  await startRequestedTicker();
}
