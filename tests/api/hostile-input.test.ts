// The edge text rule and the JSON content type (issue 14): NUL characters and lone surrogates in
// bodies, path and query values are refused with the spec's bodies instead of a 500 (or, for a
// lone surrogate, being stored), and a body not declared as JSON is 415. Nothing is written.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { UNSTORABLE_TEXT_MESSAGE } from "../../lib/http/storable-text";
import { makeCollection, proOwner } from "../support/collections-client";
import { connectTestDatabase, uniqueName } from "../support/fixtures";
import { baseUrl, createOwner, doc, publicGet } from "../support/posts-api";

connectTestDatabase();

const issue = (path: string[]) => ({ path, message: UNSTORABLE_TEXT_MESSAGE });

describe("strings PostgreSQL cannot store, in bodies", () => {
  it.each([
    ["a NUL in the title", { title: "a\u0000b" }, ["title"]],
    ["a lone high surrogate in the title", { title: "broken \ud800" }, ["title"]],
    ["a lone low surrogate in the subtitle", { subtitle: "\udc00 broken" }, ["subtitle"]],
    ["a NUL in content text", { content: doc("one", "t\u0000wo") }, ["content", "content", "1", "content", "0", "text"]],
    ["a NUL in a tag name", { tagNames: ["ok", "bad\u0000tag"] }, ["tagNames", "1"]],
    ["a NUL in an object key", { content: { type: "doc", ["k\u0000"]: 1 } }, ["content", "k\ufffd"]],
  ])("POST /api/posts with %s is 400 Invalid input and stores nothing", async (_name, fields, path) => {
    const owner = await createOwner();
    const res = await owner.call("POST", "/api/posts", { title: "T", slug: uniqueName("s"), ...fields });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Invalid input", issues: [issue(path)] });
    expect(await db().post.count({ where: { ownerId: owner.user.id } })).toBe(0);
  });

  it("a well-formed astral character (a surrogate pair) is stored as sent", async () => {
    const owner = await createOwner();
    const id = await owner.create({ title: "Smile 😀", tagNames: ["𝄞 music"] });
    const post = await owner.get(id);
    expect(post.title).toBe("Smile 😀");
    expect(post.tags).toEqual([{ name: "𝄞 music", slug: expect.any(String) }]);
  });

  it("PATCH with a NUL changes nothing", async () => {
    const owner = await createOwner();
    const id = await owner.create({ title: "Before" });
    const res = await owner.patch(id, { title: "After\u0000" });
    expect(res.status).toBe(400);
    expect((await owner.get(id)).title).toBe("Before");
  });

  it("entries refuse NUL in data values and keys", async () => {
    const { api, user } = await proOwner();
    const id = await makeCollection(api);
    for (const data of [{ title: "x\u0000" }, { ["t\u0000"]: "x" }, { title: "\udbff" }]) {
      const res = await api.call("POST", `/api/collections/${id}/entries`, { data });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("Invalid input");
    }
    expect(await db().entry.count({ where: { collection: { ownerId: user.id } } })).toBe(0);
  });
});

describe("strings PostgreSQL cannot store, in paths and queries", () => {
  it("public reads: %00 in the username or slug is 404, in q or tag is 400", async () => {
    const owner = await createOwner();
    await owner.create({ status: "published", slug: "real" });
    const name = owner.user.username;
    for (const path of [
      `/api/posts/by-username/${name}%00`,
      `/api/posts/by-username/${name}%00/real`,
      `/api/posts/by-username/${name}/real%00`,
      `/api/posts/by-username/%00/tags`,
      `/api/posts/by-username/${name}%00/search?q=hello`,
    ]) {
      const res = await publicGet(path);
      expect(res.status, path).toBe(404);
      expect(typeof (await res.json()).error).toBe("string");
    }
    for (const [path, param] of [
      [`/api/posts/by-username/${name}/search?q=ab%00`, "q"],
      [`/api/posts/by-username/${name}?tag=x%00`, "tag"],
      [`/api/posts/by-username/${name}?tag=%ED%A0%80x%00`, "tag"],
    ]) {
      const res = await publicGet(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ error: "Invalid input", issues: [issue([param])] });
    }
  });

  it("owner routes: %00 in a post id or collection id is that route's 404", async () => {
    const owner = await createOwner();
    expect((await owner.call("GET", "/api/posts/abc%00")).status).toBe(404);
    const { api } = await proOwner();
    const res = await api.call("GET", "/api/collections/c%00/entries");
    expect(res).toMatchObject({ status: 404, body: { error: "Collection not found" } });
  });
});

describe("JSON bodies need a JSON content type", () => {
  it.each([[undefined], ["text/plain;charset=UTF-8"], ["application/x-www-form-urlencoded"], ["multipart/form-data; boundary=x"]])(
    "Content-Type %s is 415 and stores nothing",
    async (contentType) => {
      const owner = await createOwner();
      const res = await fetch(`${baseUrl()}/api/posts`, {
        method: "POST",
        headers: { Authorization: `Bearer ${owner.key}`, ...(contentType ? { "Content-Type": contentType } : {}) },
        body: new TextEncoder().encode(JSON.stringify({ title: "T", slug: uniqueName("s") })),
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ error: "Unsupported Media Type", expected: "application/json" });
      expect(await db().post.count({ where: { ownerId: owner.user.id } })).toBe(0);
    },
  );

  it("accepts application/json with a charset and +json types", async () => {
    const owner = await createOwner();
    for (const contentType of ["application/json; charset=utf-8", "application/merge-patch+json"]) {
      const res = await fetch(`${baseUrl()}/api/posts`, {
        method: "POST",
        headers: { Authorization: `Bearer ${owner.key}`, "Content-Type": contentType },
        body: JSON.stringify({ title: "T", slug: uniqueName("s") }),
      });
      expect(res.status).toBe(201);
    }
  });
});

describe("sign-in callbackUrl", () => {
  // next-auth answered 500 (TypeError: Invalid URL) to any callbackUrl that is neither a path nor
  // an absolute URL; the fuzzer found it with callbackUrl=false.
  const signIn = async (callbackUrl: string) => {
    const csrf = await fetch(`${baseUrl()}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
    return fetch(`${baseUrl()}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, "X-Forwarded-For": `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
      body: new URLSearchParams({ email: `${uniqueName("nobody")}@example.test`, password: "wrong", csrfToken, callbackUrl }),
    });
  };

  it.each(["false", "dashboard", "http://", "%"])("%s is 400 Invalid callbackUrl, not a 500", async (callbackUrl) => {
    const res = await signIn(callbackUrl);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Invalid callbackUrl", message: "callbackUrl must be a path or an absolute URL" });
  });

  it.each(["/dashboard", "http://localhost/dashboard"])("%s reaches next-auth, which refuses the wrong password", async (callbackUrl) => {
    const res = await signIn(callbackUrl);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/error=/);
  });
});
