// The OpenAPI document (PLATFORM.md): valid OpenAPI 3.1 by the standard JSON Schema validator,
// complete (every exported method of every app/api/**/route.ts is an operation, found here by
// reading the files, not through the generated route index), every operation lists the errors its
// declaration implies, and the SDK's committed copy and generated types are not stale.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { buildDocument, HTTP_METHODS } from "../../lib/openapi/build-document";
import type { RouteDeclaration } from "../../lib/http/api";
import { documentedRoutes } from "../../app/api/openapi.json/documented-routes";
import * as documentRoute from "../../app/api/openapi.json/route";
import { SDK_VERSION } from "../../lib/openapi/version";

const root = path.resolve(import.meta.dirname, "../..");
type Operation = { security?: Record<string, string[]>[]; responses: Record<string, { headers?: Record<string, unknown> }>; parameters?: { in: string }[]; requestBody?: unknown; "x-session-only"?: boolean };
type Document = Awaited<ReturnType<typeof buildDocument>>;

const routeIndex = documentedRoutes(documentRoute);
let document: Document;
beforeAll(async () => {
  document = await buildDocument(routeIndex);
}, 60_000);

/** Route files and the methods they export, read from the source. */
function routeFiles(): { path: string; methods: string[] }[] {
  const dir = path.join(root, "app/api");
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => file.endsWith("/route.ts") || file === "route.ts")
    .filter((file) => !file.includes("[...")) // next-auth's own endpoints
    .map((file) => {
      const source = readFileSync(path.join(dir, file), "utf8");
      const methods = [...source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/g)].map((m) => m[1]);
      return { path: `/api/${path.posix.dirname(file)}`.replace(/\[([^\]]+)\]/g, "{$1}"), methods };
    });
}

function operations(): [string, string, Operation][] {
  return Object.entries(document.paths ?? {}).flatMap(([p, item]) =>
    Object.entries(item as Record<string, Operation>).filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method)).map(([method, op]) => [p, method, op] as [string, string, Operation]),
  );
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(structuredClone(document) as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents every exported method of every route file", () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(15);
    const missing = files.flatMap((file) =>
      file.methods.filter((method) => !(document.paths?.[file.path] as Record<string, unknown> | undefined)?.[method.toLowerCase()]).map((method) => `${method} ${file.path}`),
    );
    expect(missing).toEqual([]);
  });

  it("lists the errors each operation's declaration implies", () => {
    for (const [p, method, op] of operations()) {
      const label = `${method.toUpperCase()} ${p}`;
      const statuses = Object.keys(op.responses);
      expect(statuses.some((status) => status.startsWith("2")), label).toBe(true);
      expect(statuses, label).toContain("500");
      const keyed = op.security?.some((requirement) => "apiKey" in requirement);
      if (keyed) {
        expect(statuses, label).toContain("401");
        expect(statuses, label).toContain("429");
        expect(Object.keys(op.responses["429"].headers ?? {}), label).toContain("Retry-After");
      }
      const scopes = op.security?.find((requirement) => "apiKey" in requirement)?.apiKey ?? [];
      if (scopes.length) expect(statuses, label).toContain("403");
      if (op["x-session-only"]) expect(statuses, label).toContain("403");
      if (op.parameters?.length || op.requestBody) expect(statuses, label).toContain("400");
      if (op.requestBody) expect(statuses, label).toContain("415");
    }
  });

  it("describes the public read caching and the version conflict", () => {
    const list = (document.paths?.["/api/posts/by-username/{project}"] as Record<string, Operation>).get;
    expect(Object.keys(list.responses)).toContain("304");
    expect(Object.keys(list.responses["200"].headers ?? {})).toContain("ETag");
    expect(list.parameters?.some((param) => (param as { name?: string }).name === "if-none-match")).toBe(true);
    const patch = (document.paths?.["/api/collections/{id}/entries/{entryId}"] as Record<string, Operation>).patch;
    expect(JSON.stringify(patch.responses["409"])).toContain("VersionConflict");
    expect(JSON.stringify(document.components?.schemas?.VersionConflict)).toContain("current");
  });

  it("shows response examples that are valid answers by the operation's own schema", async () => {
    const checked: string[] = [];
    for (const entry of routeIndex) {
      const mod = (await entry.load()) as Record<string, { declaration?: RouteDeclaration } | undefined>;
      for (const method of HTTP_METHODS) {
        for (const [status, response] of Object.entries(mod[method]?.declaration?.docs?.responses ?? {})) {
          if (response.example === undefined || !response.schema) continue;
          const label = `${method} ${entry.path} ${status}`;
          expect(response.schema.safeParse(response.example).error?.issues ?? [], label).toEqual([]);
          const documented = (document.paths?.[entry.path] as Record<string, { responses: Record<string, { content?: Record<string, { example?: unknown }> }> }>)[method.toLowerCase()];
          expect(documented.responses[status].content?.["application/json"]?.example, label).toEqual(response.example);
          checked.push(label);
        }
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(8);
  });

  it("marks session-only operations and keeps them in the document", () => {
    const patchMe = (document.paths?.["/api/me"] as Record<string, Operation>).patch;
    expect(patchMe["x-session-only"]).toBe(true);
    expect(patchMe.security).toEqual([{ session: [] }]);
  });

  it("is the document the SDK was generated from (run `npm run sdk:generate` after changing a route)", () => {
    const committed = JSON.parse(readFileSync(path.join(root, "sdk/openapi.json"), "utf8"));
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
    const dir = mkdtempSync(path.join(tmpdir(), "inkbase-sdk-types-"));
    const out = path.join(dir, "schema.generated.ts");
    execFileSync(path.join(root, "node_modules/.bin/openapi-typescript"), ["sdk/openapi.json", "-o", out], { cwd: root, stdio: "pipe" });
    expect(readFileSync(out, "utf8")).toBe(readFileSync(path.join(root, "sdk/src/schema.generated.ts"), "utf8"));
  }, 60_000);

  it("shows SDK samples that type-check against the built SDK (sdk/dist)", () => {
    const calls = operations().flatMap(([, , op]) => ((op as { "x-codeSamples"?: { source: string }[] })["x-codeSamples"] ?? []).map((sample) => sample.source));
    expect(calls.length).toBeGreaterThan(30);
    // Each sample is `import …; const inkbase = new Inkbase(…); const result = await <call>;`: keep the calls.
    const body = calls.map((source) => `  {\n    ${source.split("\n").at(-1)}\n    void result;\n  }`).join("\n");
    const dir = mkdtempSync(path.join(tmpdir(), "inkbase-sdk-samples-"));
    const file = path.join(dir, "samples.mts");
    writeFileSync(
      file,
      `import { Inkbase } from ${JSON.stringify(path.join(root, "sdk/dist/index.js"))};\n` +
        `const inkbase = new Inkbase({ apiKey: "ink_example", baseUrl: "https://your-inkbase.example" });\n` +
        `export async function samples(): Promise<void> {\n${body}\n}\n`,
    );
    const tsc = path.join(root, "node_modules/.bin/tsc");
    const args = ["--noEmit", "--strict", "--target", "es2022", "--module", "nodenext", "--moduleResolution", "nodenext", "--skipLibCheck", file];
    let errors = "";
    try {
      execFileSync(tsc, args, { cwd: dir, stdio: "pipe", encoding: "utf8" });
    } catch (err) {
      errors = String((err as { stdout?: string }).stdout || err);
    }
    expect(errors).toBe("");
  }, 60_000);

  it("carries the SDK's version", () => {
    const sdk = JSON.parse(readFileSync(path.join(root, "sdk/package.json"), "utf8")) as { version: string; name: string };
    expect(sdk).toMatchObject({ name: "@inkbase/sdk", version: SDK_VERSION });
    expect(document.info.version).toBe(SDK_VERSION);
  });
});
