// The capture half of lib/public-site/page-body-cache.ts, installed by scripts/serve.ts on each
// GET before Next handles it. It watches the response's head (or its first write): if the proxy marked the
// request (CAPTURE_HEADER) and the response is a plain 200 (not compressed, no cookie), the header
// is dropped and the body is collected until end() and then stored; otherwise the response is left
// alone from that write on. Compressed responses are skipped (the stored bytes must be the page
// itself); a later plain request fills the entry, and the proxy's hits are compressed by Next like
// any other response.
import type { ServerResponse } from "node:http";
import { CAPTURE_HEADER, pageCaptureEnabled, rememberPage } from "./page-body-cache";

/** Headers a stored page does not replay: per-response, or set again by the proxy. */
const NOT_REPLAYED = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "etag", "cache-control", CAPTURE_HEADER]);

export function capturePageBody(res: ServerResponse): void {
  if (!pageCaptureEnabled()) return;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let decided = false;
  let key: string | null = null;
  const chunks: Buffer[] = [];

  const decide = () => {
    if (decided) return;
    decided = true;
    const marked = res.getHeader(CAPTURE_HEADER);
    if (res.headersSent || typeof marked !== "string") return;
    res.removeHeader(CAPTURE_HEADER);
    if (res.statusCode === 200 && !res.getHeader("content-encoding") && !res.getHeader("set-cookie")) key = decodeURIComponent(marked);
  };
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (key === null || chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array));
  };

  // Next sends the head before the first chunk (writeHead, or flushHeaders, which calls it): the
  // mark comes off there.
  res.writeHead = ((...args: unknown[]) => {
    decide();
    return writeHead(...args);
  }) as ServerResponse["writeHead"];
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    decide();
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as ServerResponse["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    decide();
    collect(chunk, rest[0]);
    if (key !== null && res.statusCode === 200) {
      const headers: [string, string][] = [];
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value === undefined || NOT_REPLAYED.has(name)) continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.push([name, String(one)]);
      }
      rememberPage(key, { bytes: Buffer.concat(chunks), headers });
    }
    return end(chunk, ...rest);
  }) as ServerResponse["end"];
}
