// The server's structured logs: one JSON object per line on stdout (pino), which Vercel, Docker
// and any log shipper read as they are, or on a terminal the same lines in a human form
// (LOG_FORMAT, lib/log/log-format.ts). LOG_LEVEL sets the level (default info; the test servers
// run at warn). One logger per process: pino is in Next's default serverExternalPackages, so
// every route bundle requires the same module, and globalThis covers `next dev` reloads too.
import pino, { type Logger } from "pino";
import { env } from "../env";
import { logFormat } from "./log-format";
import { prettyStream } from "./pretty-stream";

const KEY = Symbol.for("inkbase.logger");

export function logger(): Logger {
  const holder = globalThis as Record<symbol, Logger | undefined>;
  return (holder[KEY] ??= pino(
    {
      level: env.logLevel,
      // "level":"info" rather than pino's numbers: what log search tools and people expect.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    // Asynchronous writes keep a slow log reader (a full pipe) from stalling requests; pino
    // flushes what is buffered when the process exits. A terminal is read by a person as it
    // scrolls: written straight away, in the human form.
    logFormat() === "pretty" ? prettyStream(process.stdout) : pino.destination({ dest: 1, sync: false }),
  ));
}
