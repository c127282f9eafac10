// Proves the functions' sandbox holds on the runtime the check uses, before any real function
// runs in it: a canary function, started exactly as they are (start-function.ts), tries to write
// into its own folder, to write and read back under /tmp, and to read a project file outside its
// folder. Only the /tmp write may succeed. Without this, a permission flag the runtime ignored
// (Node 20.20 ignores a comma-separated list, for one) would let every real write pass unseen.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startFunction, type FunctionRuntime } from "./start-function";

const LAUNCHER = `"use strict";
const fs = require("node:fs");
const path = require("node:path");
const attempt = (work) => { try { work(); return "allowed"; } catch (err) { return err.code || String(err); } };
module.exports = (req, res) => {
  const tmp = path.join(require("node:os").tmpdir(), "inkbase-canary-" + process.pid);
  const result = {
    ownFolderWrite: attempt(() => fs.writeFileSync(path.join(__dirname, "written.txt"), "x")),
    tmpWrite: attempt(() => { fs.writeFileSync(tmp, "x"); fs.readFileSync(tmp); fs.rmSync(tmp); }),
    projectRead: attempt(() => fs.readFileSync(process.env.CANARY_OUTSIDE_FILE)),
  };
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(result));
};
`;

export async function checkSandbox(runDir: string, runtime: FunctionRuntime, outsideFile: string): Promise<string[]> {
  const dir = path.join(runDir, "canary.func");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "___next_launcher.cjs"), LAUNCHER);
  const fn = await startFunction({ name: "canary", dir, useWebApi: false, env: { CANARY_OUTSIDE_FILE: outsideFile }, runtime });
  try {
    const result = (await (await fetch(fn.url)).json()) as Record<string, string>;
    const problems: string[] = [];
    if (result.ownFolderWrite !== "ERR_ACCESS_DENIED") problems.push(`a write into the function's own folder: ${result.ownFolderWrite}, expected ERR_ACCESS_DENIED`);
    if (result.projectRead !== "ERR_ACCESS_DENIED") problems.push(`a read of ${outsideFile}: ${result.projectRead}, expected ERR_ACCESS_DENIED`);
    if (result.tmpWrite !== "allowed") problems.push(`a write to /tmp: ${result.tmpWrite}, expected allowed`);
    return problems.map((problem) => `sandbox canary on Node ${runtime.major}: ${problem}`);
  } finally {
    await fn.stop();
  }
}
