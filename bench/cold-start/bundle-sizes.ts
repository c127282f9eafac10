// The server code each route loads when it first runs, read from a production build (Turbopack):
// a route's entry (.next/server/app/<route>/route.js or page.js) lists the chunks it loads at once
// (`R.c("server/chunks/…")`); whatever a chunk loads later (`e.l(…)`, dynamic imports such as
// Prisma's query compiler) is counted apart, as "lazy". Each chunk's source map attributes its
// bytes to the modules they came from, which are grouped by package (node_modules/<name>) or by
// folder of ours (lib/<domain>, components/<area>, app), so a route that loads the editor, the
// OpenAPI document or the SDK shows it by name.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export type RouteBundle = {
  route: string;
  kind: "route" | "page";
  eagerBytes: number;
  lazyBytes: number;
  /** Eager bytes by group, largest first. */
  groups: [string, number][];
};

const VLQ = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const VLQ_VALUE = new Map([...VLQ].map((char, index) => [char, index]));

/** Bytes of generated code per source index, from a source map's mappings (one line = one row). */
function bytesBySource(mappings: string, lines: string[]): Map<number, number> {
  const bytes = new Map<number, number>();
  let source = 0;
  mappings.split(";").forEach((segments, lineIndex) => {
    const lineLength = lines[lineIndex]?.length ?? 0;
    const marks: [number, number | null][] = [];
    let column = 0;
    for (const segment of segments.split(",")) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = VLQ_VALUE.get(char)!;
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      // Source line and column are deltas too, but only the source matters here.
      marks.push([column, fields.length > 1 ? source : null]);
    }
    marks.forEach(([start, owner], index) => {
      if (owner === null) return;
      const end = index + 1 < marks.length ? marks[index + 1][0] : lineLength;
      bytes.set(owner, (bytes.get(owner) ?? 0) + Math.max(0, end - start));
    });
  });
  return bytes;
}

/** node_modules/@scope/name → "@scope/name"; [project]/lib/posts/x.ts → "lib/posts"; others by their first folder. */
export function groupOf(source: string): string {
  // Sources are relative to .next/server/chunks (../../../lib/x.ts) or Turbopack's [project]/ paths.
  const clean = decodeURIComponent(source).replace(/^turbopack:\/\/\/?/, "").replace(/^\[project\]\//, "").replace(/^(\.\.\/)+/, "");
  const modules = clean.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const parts = clean.slice(modules + "node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const parts = clean.split("/");
  if (parts[0] === "lib" || parts[0] === "components" || parts[0] === "app") return parts.slice(0, parts[0] === "app" ? 1 : 2).join("/");
  return parts[0] || "(unknown)";
}

type ChunkInfo = { bytes: number; groups: Map<string, number>; lazy: string[] };
const chunkCache = new Map<string, ChunkInfo>();

function readChunk(distDir: string, chunk: string): ChunkInfo {
  const cached = chunkCache.get(chunk);
  if (cached) return cached;
  const file = path.join(distDir, chunk);
  const code = existsSync(file) ? readFileSync(file, "utf8") : "";
  const groups = new Map<string, number>();
  const mapFile = `${file}.map`;
  if (existsSync(mapFile)) {
    const map = JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[]; mappings: string };
    let mapped = 0;
    for (const [index, bytes] of bytesBySource(map.mappings, code.split("\n"))) {
      const group = groupOf(map.sources[index] ?? "");
      groups.set(group, (groups.get(group) ?? 0) + bytes);
      mapped += bytes;
    }
    if (code.length > mapped) groups.set("(unmapped)", (groups.get("(unmapped)") ?? 0) + code.length - mapped);
  } else {
    groups.set("(no source map)", code.length);
  }
  // Chunks this one loads on demand (`Promise.all(["server/chunks/…"].map(t => e.l(t)))`).
  const lazy = [...code.matchAll(/"(server\/chunks\/[^"]+\.js)"/g)].map((match) => match[1]);
  const info = { bytes: Buffer.byteLength(code), groups, lazy };
  chunkCache.set(chunk, info);
  return info;
}

function routeEntries(appDir: string): { route: string; file: string; kind: "route" | "page" }[] {
  const found: { route: string; file: string; kind: "route" | "page" }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "route.js" || name === "page.js") {
        const route = `/${path.relative(appDir, dir).split(path.sep).join("/")}`.replace(/\/$/, "") || "/";
        found.push({ route, file: full, kind: name === "route.js" ? "route" : "page" });
      }
    }
  };
  walk(appDir);
  return found.sort((a, b) => (a.route < b.route ? -1 : 1));
}

export function routeBundles(distDir: string): RouteBundle[] {
  const serverDir = path.join(distDir, "server");
  return routeEntries(path.join(serverDir, "app")).map(({ route, file, kind }) => {
    const entry = readFileSync(file, "utf8");
    const eager = new Set([...entry.matchAll(/R\.c\("([^"]+)"\)/g)].map((match) => match[1]));
    const runtime = /require\("([^"]*\[turbopack\]_runtime\.js)"\)/.exec(entry);
    const groups = new Map<string, number>();
    let eagerBytes = Buffer.byteLength(entry);
    const lazy = new Set<string>();
    const later: string[] = [];
    for (const chunk of eager) {
      const info = readChunk(distDir, chunk);
      eagerBytes += info.bytes;
      for (const [group, bytes] of info.groups) groups.set(group, (groups.get(group) ?? 0) + bytes);
      later.push(...info.lazy);
    }
    // Lazy chunks may name further chunks of their own.
    while (later.length) {
      const chunk = later.pop()!;
      if (eager.has(chunk) || lazy.has(chunk)) continue;
      lazy.add(chunk);
      later.push(...readChunk(distDir, chunk).lazy);
    }
    if (runtime) eagerBytes += statSync(path.resolve(path.dirname(file), runtime[1])).size;
    const lazyBytes = [...lazy].reduce((sum, chunk) => sum + readChunk(distDir, chunk).bytes, 0);
    return { route, kind, eagerBytes, lazyBytes, groups: [...groups].sort((a, b) => b[1] - a[1]) };
  });
}
