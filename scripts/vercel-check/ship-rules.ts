// What may and must be in a deployed function (VERCEL.md). Paths are the function's own (as the
// builder lays them out: project-relative).
import { STYLESHEET_ROUTES, STYLESHEET_SOURCES } from "../../lib/public-site/stylesheet-sources.mjs";
import type { FunctionGroup } from "./output-functions";

type Rule = { what: string; test: (file: string) => boolean };

/** Never in any function: development tools, the project's own non-code, local data, secrets. */
const NEVER: Rule[] = [
  { what: "PGlite", test: (f) => f.includes("node_modules/@electric-sql/") },
  { what: "Prisma's CLI", test: (f) => f.startsWith("node_modules/prisma/") },
  { what: "Prisma's migration engine", test: (f) => /node_modules\/@prisma\/(schema-engine|migrate|engines)/.test(f) },
  { what: "TypeScript", test: (f) => f.startsWith("node_modules/typescript/") },
  { what: "Playwright", test: (f) => /node_modules\/(@playwright|playwright|playwright-core)\//.test(f) },
  { what: "tests/", test: (f) => f.startsWith("tests/") },
  { what: "bench/", test: (f) => f.startsWith("bench/") },
  { what: "docs/", test: (f) => f.startsWith("docs/") },
  { what: ".data", test: (f) => f === ".data" || f.startsWith(".data/") },
  { what: "a .env file", test: (f) => f.split("/").some((part) => part.startsWith(".env")) },
];

const isSharp = (f: string) => f.startsWith("node_modules/sharp/") || f.startsWith("node_modules/@img/sharp-");

/**
 * The routes whose code resizes or probes images with sharp: uploads, their completion, and
 * imports (which copy a site's images in), and the cron tick (which resumes stalled imports).
 * A function serving none of them must not carry sharp's 18 MiB of libvips.
 */
export const IMAGE_ROUTES = ["api/media", "api/media/uploads/[uploadId]/complete", "api/imports", "api/cron/tick"];

function problemsOf(group: FunctionGroup): string[] {
  const files = [...group.files.keys()];
  const problems: string[] = [];
  for (const rule of NEVER) {
    const found = files.filter(rule.test);
    if (found.length) problems.push(`${group.name} ships ${rule.what}: ${found.slice(0, 3).join(", ")}${found.length > 3 ? ` and ${found.length - 3} more` : ""}`);
  }
  const hasSharp = files.some(isSharp);
  const processesImages = group.routes.some((route) => IMAGE_ROUTES.includes(route));
  if (hasSharp && !processesImages) problems.push(`${group.name} ships sharp, but serves no route that processes images (${group.routes.slice(0, 4).join(", ")}…)`);
  if (hasSharp) {
    if (!files.some((f) => /^node_modules\/@img\/sharp-linux-x64\/lib\/.+\.node$/.test(f))) problems.push(`${group.name} has sharp without its linux-x64 binary`);
    if (!files.some((f) => /^node_modules\/@img\/sharp-libvips-linux-x64\/lib\/libvips-cpp\.so/.test(f))) problems.push(`${group.name} has sharp without libvips`);
  }
  if (processesImages && !hasSharp) problems.push(`${group.name} serves image routes without sharp`);
  const hasPrisma = files.some((f) => f.startsWith("node_modules/@prisma/client/"));
  if (hasPrisma && !files.some((f) => /^node_modules\/@prisma\/client\/runtime\/query_compiler.*postgresql/.test(f))) problems.push(`${group.name} has Prisma's client without its query compiler`);
  if (group.routes.includes("[username]/[slug]/og-image") && !files.some((f) => /^assets\/fonts\/.+\.woff$/.test(f))) problems.push(`${group.name} serves the social images without their fonts (assets/fonts)`);
  if (group.routes.some((route) => STYLESHEET_ROUTES.includes(`/${route}`))) {
    for (const source of STYLESHEET_SOURCES.filter((s) => !files.includes(s))) problems.push(`${group.name} serves the public pages without their stylesheet source ${source}`);
  }
  return problems;
}

export function checkShippedFiles(groups: FunctionGroup[]): string[] {
  return groups.flatMap(problemsOf);
}
