// GET …/entries/:entryId/diff?from=&to= (MODELING "Diffs over the API"): sides named by version
// or label, JSON-pointer paths, block diffs for richtext, and a 404 naming the unknown side.
import { describe, expect, it } from "vitest";
import { entryPath, proOwner } from "../support/collections-client";
import { connectTestDatabase, uniqueName } from "../support/fixtures";

connectTestDatabase();

const doc = (...texts: string[]) => ({ type: "doc", content: texts.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) });

async function setUp() {
  const { api, user } = await proOwner();
  const c = uniqueName("c");
  await api.call("POST", "/api/collections", {
    name: "Docs",
    slug: c,
    fields: [
      { name: "title", type: "string" },
      { name: "body", type: "richtext" },
      { name: "seo", type: "object", fields: [{ name: "title", type: "string" }] },
      { name: "tags", type: "array", items: "string" },
    ],
  });
  const created = await api.call("POST", `/api/collections/${c}/entries`, {
    data: { title: "Install", body: doc("Run the installer.", "Done."), seo: { title: "Install" }, tags: ["setup"] },
    label: "production",
  });
  const e = created.body.id as string;
  await api.call("PATCH", entryPath(c, e), { data: { title: "Install the CLI", body: doc("Run the new installer.", "Done.", "Sign in."), seo: { title: "Install" }, tags: ["setup", "cli"], extra: 1 } });
  return { api, user, c, e, diffPath: (query: string) => `${entryPath(c, e)}/diff?${query}` };
}

describe("entry diff", () => {
  it("lists what promoting a version would change, by label and version", async () => {
    const { api, diffPath } = await setUp();
    const res = await api.call("GET", diffPath("from=production&to=v_2"));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: { version: "v_1", label: "production" },
      to: { version: "v_2" },
      changes: [
        { path: "/title", kind: "changed", before: "Install", after: "Install the CLI" },
        {
          path: "/body",
          kind: "changed",
          before: doc("Run the installer.", "Done."),
          after: doc("Run the new installer.", "Done.", "Sign in."),
          blocks: [
            { kind: "changed", label: "Paragraph", before: "Run the installer.", after: "Run the new installer." },
            { kind: "added", label: "Paragraph", before: null, after: "Sign in." },
          ],
        },
        { path: "/tags", kind: "changed", before: ["setup"], after: ["setup", "cli"] },
        { path: "/extra", kind: "added", before: null, after: 1 },
      ],
    });
  });

  it("follows objects to the changed key, goes both ways, and is empty for the same version", async () => {
    const { api, c, e, diffPath } = await setUp();
    await api.call("PATCH", entryPath(c, e), { data: { title: "Install the CLI", seo: { title: "Installing" } } });
    await api.call("PUT", `${entryPath(c, e)}/labels/staging`, { version: "v_3" });
    const res = await api.call("GET", diffPath("from=v_2&to=staging"));
    expect(res.body.to).toEqual({ version: "v_3", label: "staging" });
    expect(res.body.changes.map((change: { path: string; kind: string }) => [change.path, change.kind])).toEqual([
      ["/body", "removed"],
      ["/seo/title", "changed"],
      ["/tags", "removed"],
      ["/extra", "removed"],
    ]);
    const back = await api.call("GET", diffPath("from=staging&to=v_2"));
    expect(back.body.changes.find((change: { path: string }) => change.path === "/seo/title")).toEqual({ path: "/seo/title", kind: "changed", before: "Installing", after: "Install" });
    expect((await api.call("GET", diffPath("from=v_1&to=production"))).body.changes).toEqual([]);
  });

  it("answers 404 naming the side that names nothing", async () => {
    const { api, diffPath } = await setUp();
    expect((await api.call("GET", diffPath("from=v_9&to=v_1"))).body).toEqual({ error: "Version not found", param: "from", value: "v_9" });
    const res = await api.call("GET", diffPath("from=v_1&to=staging"));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Label not found", param: "to", value: "staging" });
  });

  it("needs both sides, well formed, and the usual 404s for the collection and entry", async () => {
    const { api, c, diffPath } = await setUp();
    expect((await api.call("GET", diffPath("from=v_1"))).status).toBe(400);
    const bad = await api.call("GET", diffPath("from=v_1&to=no%20spaces"));
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: ["to"], message: "Expected a version id (v_3) or a label name" }]);
    expect((await api.call("GET", `${entryPath(c, "missing")}/diff?from=v_1&to=v_2`)).body).toEqual({ error: "Entry not found" });
  });
});
