// Summarises V8 CPU profiles (`node --cpu-prof`, as the benches write with BENCH_CPU_PROF=<dir>):
// the functions and the modules where the server spent its own (self) time.
//
//   node --import tsx bench/lib/profile-summary.ts <file.cpuprofile>… [--top 20] [--last-ms 10000] [--skip-last-ms 5000]
//
// --last-ms keeps only the profile's last milliseconds: with one scenario of one round, the
// measurement is the end of the server's life, and its start-up (module loading) is left out.
// --skip-last-ms also leaves out the very end: the collections bench follows each round with a
// round of the floor, so `--last-ms 15500 --skip-last-ms 5500` is a 10 s round alone.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Groups a script URL into the package or part of the app it belongs to. */
export function moduleOf(url: string): string {
  if (!url) return "(native / V8)";
  if (url.startsWith("node:")) return "node: core";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const chunk = url.match(/\.next\/server\/(chunks\/(?:ssr\/)?)?([^/]+)$/);
  if (chunk) return `.next/server ${chunk[1] ?? ""}(app code and bundled packages)`;
  return url.replace(/^file:\/\/.*?\/(lib|app|scripts|bench)\//, "$1/");
}

export function summarise(profile: Profile, lastMs = Infinity, skipLastMs = 0) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<number, number>();
  const from = profile.endTime - lastMs * 1000;
  const to = profile.endTime - skipLastMs * 1000;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= from && at <= to) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const functions = new Map<string, number>();
  const modules = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === "(idle)") {
      idle += micros;
      continue;
    }
    total += micros;
    const name = `${functionName || "(anonymous)"} ${url ? `${moduleOf(url)}:${lineNumber + 1}` : ""}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + micros);
    const owner = functionName.startsWith("(") ? functionName : moduleOf(url);
    modules.set(owner, (modules.get(owner) ?? 0) + micros);
  }
  // Inclusive time of the app's own functions (lib/, app/): a sample counts once for each distinct
  // function on its stack. Async functions only own the synchronous stretches between awaits.
  const inclusive = new Map<string, number>();
  for (const [id, micros] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      if (!functionName || !/\/(lib|app)_|\/work\/[^/]+\/(lib|app)\//.test(url) || /node_modules/.test(url)) continue;
      const name = `${functionName} ${url.replace(/^.*\//, "")}:${lineNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
    }
  }
  return { totalMs: total / 1000, idleMs: idle / 1000, functions, modules, inclusive };
}

function print(title: string, entries: Map<string, number>, totalMicros: number, top: number): void {
  console.log(`\n${title}`);
  for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * micros) / totalMicros).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: "string", default: "20" }, "last-ms": { type: "string" }, "skip-last-ms": { type: "string" } } });
  for (const file of positionals) {
    const summary = summarise(JSON.parse(readFileSync(file, "utf8")) as Profile, Number(values["last-ms"] ?? Infinity), Number(values["skip-last-ms"] ?? 0));
    console.log(`# ${file}: ${summary.totalMs.toFixed(0)} ms busy, ${summary.idleMs.toFixed(0)} ms idle`);
    print("Modules (self time)", summary.modules, summary.totalMs * 1000, Number(values.top));
    print("Functions (self time)", summary.functions, summary.totalMs * 1000, Number(values.top));
    print("The app's own functions (inclusive time; readable with an INKBASE_PROFILE_BUILD=1 build)", summary.inclusive, summary.totalMs * 1000, Number(values.top));
  }
}
