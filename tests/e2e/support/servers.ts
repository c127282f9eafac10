// Where each Playwright project's server and database are: written by the global setup into the
// environment the workers inherit, read by the fixtures.
export type E2eServer = { baseUrl: string; databaseUrl: string; kind: "postgres" | "embedded" };

export const E2E_SERVERS_ENV = "INKBASE_E2E_SERVERS";

export function e2eServer(project: string): E2eServer {
  const servers = JSON.parse(process.env[E2E_SERVERS_ENV] ?? "{}") as Record<string, E2eServer>;
  const server = servers[project];
  if (!server) throw new Error(`No e2e server for project "${project}" (did the global setup run?)`);
  return server;
}
