// LOG_FORMAT (lib/log/log-format.ts): human lines on a terminal, JSON otherwise; and what the
// human lines say (lib/log/pretty-stream.ts).
import { describe, expect, it } from "vitest";
import { resolveLogFormat } from "../../lib/log/log-format";
import { formatLine, prettyStream } from "../../lib/log/pretty-stream";

describe("resolveLogFormat", () => {
  it("auto is pretty on a terminal, JSON when piped and always on Vercel", () => {
    expect(resolveLogFormat("auto", true, false)).toBe("pretty");
    expect(resolveLogFormat("auto", false, false)).toBe("json");
    expect(resolveLogFormat("auto", true, true)).toBe("json");
  });

  it("an explicit setting wins", () => {
    expect(resolveLogFormat("json", true, false)).toBe("json");
    expect(resolveLogFormat("pretty", false, true)).toBe("pretty");
  });
});

describe("the human form", () => {
  const time = "2026-11-25T18:03:11.000Z";
  const clock = new Date(time).toTimeString().slice(0, 8);

  it("a request is one short line: time, method, path, status, milliseconds", () => {
    const line = formatLine({ level: "info", time, msg: "request", method: "GET", path: "/dashboard/posts", status: 200, ms: 12 }, false);
    expect(line).toBe(`${clock}  GET /dashboard/posts 200 12 ms`);
  });

  it("says when a request was a prefetch, and colours the status on a terminal", () => {
    const line = formatLine({ level: "info", time, msg: "request", method: "GET", path: "/dashboard", status: 307, ms: 3, note: "prefetch" }, true);
    expect(line).toContain("\x1b[36m307\x1b[39m");
    expect(line).toContain("(prefetch)");
  });

  it("other lines keep their level, message, fields and an error's stack", () => {
    const line = formatLine(
      { level: "error", time, msg: "unhandled error in an API route", requestId: "req_1", path: "/api/posts", err: { type: "Error", message: "boom", stack: "Error: boom\n    at x" } },
      false,
    );
    expect(line).toBe(`${clock}  ERROR unhandled error in an API route requestId=req_1 path=/api/posts\nError: boom\n    at x`);
  });

  it("the stream writes one human line per JSON line and passes anything else through", () => {
    const written: string[] = [];
    const stream = prettyStream({ write: (text: string) => written.push(text) } as never);
    stream.write(`${JSON.stringify({ level: "warn", time, msg: "slow", ms: 900 })}\nnot json\n`);
    expect(written).toEqual([`${clock}  WARN  slow ms=900\n`, "not json\n"]);
  });
});
