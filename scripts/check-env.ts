// `npm run build` runs this first. On Vercel the build has the deployment's own environment, so
// a deployment that could only answer 500 (no DATABASE_URL, no AUTH_SECRET, a malformed value)
// fails here, in the build log, instead of after it goes live. Elsewhere (CI, tests, a Docker
// image) the build's environment is not the server's and nothing is checked: the server checks
// its own when it starts (instrumentation.ts).
import { assertEnvironment } from "../lib/env-check";
import { loadEnvFiles } from "./lib/load-env-files";

try {
  loadEnvFiles();
  for (const warning of assertEnvironment("build", process.env)) console.warn(`[inkbase] warning: ${warning}`);
} catch (err) {
  console.error(`[inkbase] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
