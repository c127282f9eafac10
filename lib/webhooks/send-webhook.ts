// One HTTP attempt: vet the target (SSRF guard), POST the body, and report what happened. Never
// throws: every outcome, including a refused target, is an attempt to log. node:http(s) rather
// than fetch, because fetch cannot be told which address to connect to: here the connection goes
// to the addresses the guard vetted (the `lookup` option), TLS still checks the certificate
// against the host name, and redirects are never followed (node's client does not follow them;
// a 3xx is simply not a 2xx).
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { vetWebhookTarget, WebhookTargetError, type ResolvedAddress } from "./vet-webhook-target";

/** DECISIONS §6: a 2xx within 10 s is success. The whole attempt (DNS included) is bounded. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Response bodies are kept for the delivery log up to this many bytes. */
export const EXCERPT_BYTES = 2048;
const MAX_ERROR_LENGTH = 500;

export type SendOutcome = {
  ok: boolean;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
};

export async function sendWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  timeoutMs?: number;
}): Promise<SendOutcome> {
  const startedAt = new Date();
  const started = performance.now();
  const timeoutMs = input.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const deadline = started + timeoutMs;
  const done = (result: Omit<SendOutcome, "startedAt" | "durationMs" | "ok">): SendOutcome => ({
    ...result,
    ok: result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    error: result.error === null ? null : result.error.slice(0, MAX_ERROR_LENGTH),
  });

  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    const target = await Promise.race([vetWebhookTarget(input.url, { allowPrivate: input.allowPrivate }), timedOut]);
    if (target === "timeout") return done({ statusCode: null, responseExcerpt: null, error: `Timed out after ${timeoutMs} ms (DNS)` });
    return done(await post(target.url, target.hostname, target.addresses, input, deadline - performance.now(), timeoutMs));
  } catch (err) {
    const message = err instanceof WebhookTargetError ? `Target refused: ${err.message}` : describeError(err);
    return done({ statusCode: null, responseExcerpt: null, error: message });
  } finally {
    clearTimeout(timer);
  }
}

function post(
  url: URL,
  hostname: string,
  addresses: ResolvedAddress[],
  input: { body: string; headers: Record<string, string> },
  remainingMs: number,
  timeoutMs: number,
): Promise<{ statusCode: number | null; responseExcerpt: string | null; error: string | null }> {
  return new Promise((resolve) => {
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ statusCode, responseExcerpt: statusCode === null ? null : excerpt(Buffer.concat(chunks)), error });
      req.destroy();
    };

    const transport = url.protocol === "https:" ? https : http;
    const req = transport.request({
      method: "POST",
      hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers: { ...input.headers, "Content-Length": String(Buffer.byteLength(input.body)) },
      // A fresh connection per attempt: a pooled socket could belong to an earlier resolution.
      agent: false,
      lookup: pinnedLookup(addresses),
    });
    // A response that has started when time runs out keeps its status: only a missing status is a timeout.
    const timer = setTimeout(
      () => settle(statusCode === null ? `Timed out after ${timeoutMs} ms` : null),
      Math.max(0, remainingMs),
    );
    req.on("response", (res) => {
      statusCode = res.statusCode ?? null;
      res.on("data", (chunk: Buffer) => {
        if (received < EXCERPT_BYTES + 4) chunks.push(chunk);
        received += chunk.length;
        // The log keeps 2 KB; no need to read (or wait for) the rest.
        if (received > EXCERPT_BYTES) settle(null);
      });
      res.on("end", () => settle(null));
      res.on("error", () => settle(null));
      res.on("close", () => settle(null));
    });
    req.on("error", (err) => settle(describeError(err)));
    req.end(input.body);
  });
}

/** Connects only to the addresses the guard vetted, whatever DNS says by now. */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : undefined;
    const candidates = family ? addresses.filter((a) => a.family === family) : addresses;
    if (!candidates.length) {
      callback(Object.assign(new Error("No vetted address for this address family"), { code: "ENOTFOUND" }), "", 0);
    } else if (options.all) {
      callback(null, candidates);
    } else {
      callback(null, candidates[0].address, candidates[0].family);
    }
  };
}

/** The first 2 KB of a response, cut at a character boundary; NUL is dropped (PostgreSQL text refuses it). */
function excerpt(body: Buffer): string {
  let end = Math.min(body.length, EXCERPT_BYTES);
  if (body.length > EXCERPT_BYTES) while (end > 0 && (body[end] & 0xc0) === 0x80) end--;
  let text = body.subarray(0, end).toString("utf8").replace(/\u0000/g, "");
  // Invalid UTF-8 decodes to U+FFFD (3 bytes for 1): trim again so the excerpt stays within 2 KB.
  while (Buffer.byteLength(text) > EXCERPT_BYTES) text = text.slice(0, -1);
  return text;
}

function describeError(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length) return err.errors.map(describeError).join("; ");
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code;
    return err.message || code || err.name;
  }
  return String(err);
}
