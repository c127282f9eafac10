// Deployment truth (issue 14): a production server that cannot work refuses to start, naming
// what is missing, instead of answering 500 to every data route (no DATABASE_URL) or every
// /api/auth call (no AUTH_SECRET). Measured before: both started and served those 500s.
import { describe, expect, it, inject } from "vitest";
import { startNextServer } from "../support/start-next-server";
import { testServerEnv } from "../support/test-server-env";

/** The server's exit code and output when it is expected not to start. */
async function refusedStart(overrides: Record<string, string | undefined>): Promise<{ code: string; output: string }> {
  const env = { ...testServerEnv({ databaseUrl: inject("databaseUrl"), cronSecret: "unused" }), ...overrides };
  const error = await startNextServer(env).then(
    async (server) => {
      await server.stop();
      return new Error("the server started");
    },
    (err: unknown) => err as Error,
  );
  const match = /^the server exited \((\d+)\):\n([\s\S]*)$/.exec(error.message);
  expect(match, error.message).not.toBeNull();
  return { code: match![1]!, output: match![2]! };
}

describe("environment check at start", () => {
  it("no DATABASE_URL and no AUTH_SECRET: exits 1 with one message naming both", async () => {
    const { code, output } = await refusedStart({ DATABASE_URL: undefined, AUTH_SECRET: undefined, NEXTAUTH_SECRET: undefined });
    expect(code).toBe("1");
    expect(output).toContain("[inkbase] Inkbase cannot start: 2 problems with the environment");
    expect(output).toContain("  - DATABASE_URL is not set.");
    expect(output).toContain("  - AUTH_SECRET is not set");
  });

  it("a malformed value: exits 1 naming the variable and what it must be", async () => {
    const { code, output } = await refusedStart({ LOG_LEVEL: "loud" });
    expect(code).toBe("1");
    expect(output).toContain('  - LOG_LEVEL="loud" must be one of fatal, error, warn, info, debug, trace, silent.');
  });
});
