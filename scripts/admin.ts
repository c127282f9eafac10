// Admin CLI: `npm run --silent admin -- <command> [--flag value ...]` (DECISIONS §1).
// Success: exactly one JSON object on stdout, exit 0. Failure: {"error": "..."} on stderr, exit 1.
// It reaches the same database as the server: DATABASE_URL (from the environment or the `.env`
// files, read as Next reads them), or the running embedded server
// (through its socket), or the embedded data directory opened just for this command.
import { ZodError } from "zod";
import { parseFlags } from "./lib/cli-args";
import { withDatabase, type ConfiguredDatabase } from "./lib/with-database";
import { loadEnvFiles } from "./lib/load-env-files";
import { ApiError } from "../lib/http/api-error";

function describe(err: unknown): string {
  if (err instanceof ApiError) {
    const issues = err.body.issues as { path: string[]; message: string }[] | undefined;
    return issues?.length ? `${err.body.error}: ${issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ")}` : err.body.error;
  }
  if (err instanceof ZodError) return err.issues.map((issue) => issue.message).join("; ");
  return err instanceof Error ? err.message : String(err);
}

async function main(): Promise<number> {
  try {
    // Nothing printed: stdout carries exactly the one JSON answer.
    loadEnvFiles();
    const { command, flags } = parseFlags(process.argv.slice(2));
    const { commands } = await import("./admin-commands");
    const run = command ? commands[command] : undefined;
    if (!run) {
      throw new Error(`Unknown command "${command ?? ""}". Commands: ${Object.keys(commands).join(", ")}`);
    }
    const connected = <T>(fn: (database: ConfiguredDatabase) => Promise<T>) =>
      withDatabase(async (database) => {
        process.env.DATABASE_URL = database.url;
        const { disconnectDb } = await import("../lib/db");
        try {
          return await fn(database);
        } finally {
          await disconnectDb();
        }
      });
    // A command that may not open the database (a restore replacing the embedded database's
    // files) connects itself, when it needs to.
    const output = run.ownsDatabase ? await run(flags, { connected }) : await connected((database) => run(flags, { connected, database }));
    process.stdout.write(JSON.stringify(output) + "\n");
    return 0;
  } catch (err) {
    process.stderr.write(JSON.stringify({ error: describe(err) }) + "\n");
    return 1;
  }
}

// The pg pool keeps node alive; exit explicitly once the output is flushed.
main().then((code) => process.exit(code));
