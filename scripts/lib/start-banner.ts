import type { DemoCredentials } from "../../lib/seed/seed-demo";

export function printBanner(info: { url: string; database: string; demo: DemoCredentials | null }): void {
  const lines = [
    "",
    `  Inkbase is running at ${info.url}`,
    `  Database: ${info.database}`,
    "",
  ];
  if (info.demo) {
    lines.push(
      `  Sign in:   ${info.url}/signin`,
      `    email     ${info.demo.email}`,
      `    password  ${info.demo.password}`,
      "",
      `  Demo API key (all scopes): ${info.demo.key}`,
      `    curl -H "Authorization: Bearer ${info.demo.key}" ${info.url}/api/me`,
      "",
    );
  } else {
    lines.push("  Create an account with: npm run --silent admin -- user:create --username U --email E --password P", "");
  }
  console.log(lines.join("\n"));
}
