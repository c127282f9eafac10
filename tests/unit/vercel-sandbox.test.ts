// The sandbox the check runs Vercel's functions in (scripts/vercel-check/start-function.ts), on
// this Node: a function may write only under /tmp and read only its own folder. The check runs the
// same canary on the deployed major (Node 22) before any real function.
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkSandbox } from "../../scripts/vercel-check/sandbox-canary";

const root = path.resolve(import.meta.dirname, "../..");
// Not under /tmp: that is where functions may write.
const runDir = path.join(root, ".vercel", `test-sandbox-${process.pid}`);
afterAll(() => rmSync(runDir, { recursive: true, force: true }));

describe("the functions' sandbox", () => {
  it("refuses a write into the function's folder and a read outside it, and allows /tmp", async () => {
    const runtime = { node: process.execPath, major: Number(process.versions.node.split(".")[0]) };
    expect(await checkSandbox(runDir, runtime, path.join(root, "package.json"))).toEqual([]);
  });
});
