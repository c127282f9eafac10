// How the server's logs look. A person running `npm start` in a terminal reads them; Vercel, Docker
// and log shippers parse them. So `auto` (the default) writes one short human line per request
// when stdout is a terminal, and JSON lines otherwise: piped, redirected, under a process manager,
// and always on Vercel, whose log drains expect JSON. LOG_FORMAT=pretty or json decides outright.
import { env } from "../env";

export type ResolvedLogFormat = "pretty" | "json";

export function resolveLogFormat(setting: "auto" | ResolvedLogFormat, stdoutIsTerminal: boolean, onVercel: boolean): ResolvedLogFormat {
  if (setting !== "auto") return setting;
  return stdoutIsTerminal && !onVercel ? "pretty" : "json";
}

export function logFormat(): ResolvedLogFormat {
  return resolveLogFormat(env.logFormat, process.stdout.isTTY === true, env.onVercel);
}
