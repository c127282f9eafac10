// The edge text rule (lib/http/storable-text.ts) and the path repair before Next
// (lib/http/repair-path.ts), as pure functions.
import { describe, expect, it } from "vitest";
import { repairRequestUrl } from "../../lib/http/repair-path";
import { isStorableText, MAX_JSON_DEPTH, storablePathValue, unstorableTextIssues, UNSTORABLE_TEXT_MESSAGE } from "../../lib/http/storable-text";
import { isJsonMediaType } from "../../lib/http/read-json-body";

describe("isStorableText", () => {
  it("refuses NUL and unpaired surrogates, accepts pairs and everything else", () => {
    expect(["plain", "😀 pair", "\u202e", "", "\uFFFD"].every(isStorableText)).toBe(true);
    expect(["a\u0000", "\ud800", "x\udc00", "\ud83d", "\ude00\ud83d"].some(isStorableText)).toBe(false);
  });
});

describe("unstorableTextIssues", () => {
  it("reports every bad value and key with its path", () => {
    const issues = unstorableTextIssues({ a: ["ok", "b\u0000"], c: { d: "\udfff" }, ["k\u0000"]: 1 });
    expect(issues).toHaveLength(3);
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: ["a", "1"], message: UNSTORABLE_TEXT_MESSAGE },
        { path: ["c", "d"], message: UNSTORABLE_TEXT_MESSAGE },
        { path: ["k\uFFFD"], message: UNSTORABLE_TEXT_MESSAGE },
      ]),
    );
    expect(unstorableTextIssues({ title: "fine", n: 1, b: null, list: [true] })).toEqual([]);
  });

  it("bounds nesting without overflowing the stack", () => {
    const deep = JSON.parse("[".repeat(50_000) + "]".repeat(50_000));
    const issues = unstorableTextIssues(deep);
    expect(issues).toHaveLength(1);
    expect(issues[0].path).toHaveLength(MAX_JSON_DEPTH);
  });
});

describe("path values", () => {
  it("storablePathValue replaces what cannot be stored with U+FFFD", () => {
    expect(storablePathValue("a\u0000b\ud800")).toBe("a\uFFFDb\uFFFD");
    expect(storablePathValue("normal-slug")).toBe("normal-slug");
  });

  it("repairRequestUrl re-encodes undecodable segments and leaves good URLs alone", () => {
    expect(repairRequestUrl("/api/posts/by-username/%ED%A0%80?q=%ED")).toBe("/api/posts/by-username/%EF%BF%BD%EF%BF%BD%EF%BF%BD?q=%ED");
    expect(repairRequestUrl("/api/x/%E2%82%AC/a%2Fb?x=1")).toBe("/api/x/%E2%82%AC/a%2Fb?x=1");
    expect(repairRequestUrl("/api/x/%ZZ%C3")).toBe("/api/x/%25ZZ%EF%BF%BD");
  });
});

describe("isJsonMediaType", () => {
  it("accepts application/json with parameters and +json types only", () => {
    expect(isJsonMediaType("application/json")).toBe(true);
    expect(isJsonMediaType("Application/JSON; charset=utf-8")).toBe(true);
    expect(isJsonMediaType("application/merge-patch+json")).toBe(true);
    for (const type of [null, "", "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data", "application/jsonp"]) {
      expect(isJsonMediaType(type)).toBe(false);
    }
  });
});
