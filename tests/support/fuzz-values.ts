// Hostile values for the route fuzzer (tests/api/fuzz.test.ts): strings PostgreSQL cannot store,
// lone surrogates, huge and odd numbers, out-of-range dates, injection-looking text, deep nesting,
// prototype keys, and bodies that are not JSON or not declared as JSON.
import fc from "fast-check";

export type FuzzBody = { kind: "json"; value: unknown } | { kind: "raw"; text: string; contentType?: string };

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "tail \udfff",
    "%00",
    "",
    " ",
    "../../etc/passwd",
    "' OR '1'='1",
    "<script>alert(1)</script>",
    "x".repeat(5000),
    "9".repeat(400),
    "275760-09-13T00:00:00.000Z",
    "0000-01-01T00:00:00Z",
    "2026-02-30T25:61:00+99:00",
    "-1",
    "0",
    "1e308",
    "NaN",
    "__proto__",
    "constructor",
    "v_0",
    "v_999999999",
    "v_99999999999",
    "production",
    "javascript:alert(1)",
    "http://127.0.0.1:1/",
    "😀",
    "\u202e\u200b",
  ),
  fc.string({ unit: "binary", maxLength: 24 }),
  fc.string({ maxLength: 12 }),
);

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, -0, 0.5) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

const hostileKey = fc.oneof(fc.constantFrom("__proto__", "constructor", "type", "content", "text", "attrs", "marks", "data", "title", "slug"), hostileString);

/** JSON-able values with hostile leaves and keys, a few levels deep (Tiptap-ish shapes too). */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 5, arbitrary: hostileScalar },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileKey, tie("value"), { maxKeys: 4 }) },
    {
      weight: 1,
      arbitrary: fc.record({ type: fc.constantFrom("doc", "paragraph", "text", "heading", "link"), content: fc.array(tie("value"), { maxLength: 3 }), text: hostileString, attrs: tie("value") }, { requiredKeys: ["type"] }),
    },
  ),
})).value;

const DEEP = 20_000;

/** Bodies that are not JSON, not declared as JSON, or JSON nested deeper than any stack. */
export const rawBodies: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc.constantFrom<FuzzBody>(
    { kind: "raw", text: "{", contentType: "application/json" },
    { kind: "raw", text: "\u0000", contentType: "application/json" },
    { kind: "raw", text: '{"title":"a"}', contentType: "text/plain;charset=UTF-8" },
    { kind: "raw", text: '{"title":"a"}' },
    { kind: "raw", text: "title=a&slug=b", contentType: "application/x-www-form-urlencoded" },
    { kind: "raw", text: "[".repeat(DEEP) + "]".repeat(DEEP), contentType: "application/json" },
    { kind: "raw", text: '{"a":'.repeat(DEEP) + "1" + "}".repeat(DEEP), contentType: "application/json" },
    { kind: "raw", text: '"\\ud800"', contentType: "application/json" },
    { kind: "raw", text: "null", contentType: "application/json" },
    { kind: "raw", text: "[]", contentType: "application/json" },
  ),
  fc.string({ unit: "binary", maxLength: 40 }).map((text): FuzzBody => ({ kind: "raw", text, contentType: "application/json" })),
);
