// The small fetch wrapper under every resource method: base URL and key, JSON in and out, one
// error class, bounded retries, and optional conditional GETs. Every write carries an
// `Idempotency-Key`, fresh per call and the same on each of its retries, so retrying a write
// whose answer was lost (a network error, a 5xx) can never apply it twice.
import { InkbaseError, type ErrorBody } from "./errors.js";

/** Where conditional GETs keep each URL's last ETag and body (an in-memory Map by default). */
export type EtagStore = {
  get(url: string): { etag: string; data: unknown } | undefined;
  set(url: string, value: { etag: string; data: unknown }): void;
};

export type InkbaseOptions = {
  /** Where Inkbase runs, e.g. `https://blog.example.com`. Relative (`""`) in a browser on the same origin. */
  baseUrl: string;
  /** An API key (`ink_…`). Without one, requests rely on the browser's session cookie or are public reads. */
  apiKey?: string;
  /**
   * How many times a request is retried (default 2; 0 turns retries off): after a 429 or a 409
   * `idempotency_key_in_use`, when its `Retry-After` says; after a network error or a 5xx, with
   * a growing pause (0.5 s, 1 s, 2 s, …). Writes are retried with their `Idempotency-Key`, so a
   * retry of a write that did go through replays its answer instead of applying it again.
   */
  maxRetries?: number;
  /** A retry that would wait longer than this is not made; the error is thrown (default 60 000 ms). */
  maxRetryDelayMs?: number;
  /** `true` (an in-memory store) or your own store: GETs send `If-None-Match` and a 304 serves the stored body. */
  conditionalGets?: boolean | EtagStore;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Your own fetch (tests, proxies, frameworks). */
  fetch?: typeof fetch;
  /** Passed to fetch; the dashboard uses `same-origin` with its session cookie. */
  credentials?: RequestCredentials;
};

export type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** An `Idempotency-Key` of your own here replaces the automatic one (e.g. to retry across restarts). */
  headers?: Record<string, string>;
  /** Let the request outlive the page (autosave on unload). */
  keepalive?: boolean;
  signal?: AbortSignal;
};

export type ApiResponse<T> = { data: T; status: number; headers: Headers; notModified: boolean };

export class HttpClient {
  private readonly options: InkbaseOptions;
  private readonly store: EtagStore | null;
  private readonly fetchImpl: typeof fetch;

  constructor(options: InkbaseOptions) {
    this.options = options;
    this.store = options.conditionalGets === true ? new Map() : options.conditionalGets || null;
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = this.url(path, options.query);
    const headers: Record<string, string> = { Accept: "application/json", ...this.options.headers, ...options.headers };
    if (this.options.apiKey) headers.Authorization = `Bearer ${this.options.apiKey}`;
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const cached = method === "GET" && this.store ? this.store.get(url) : undefined;
    if (cached && !hasHeader(headers, "if-none-match")) headers["If-None-Match"] = cached.etag;
    // One key for this call and all its retries: the server runs the write at most once.
    if (method !== "GET" && !hasHeader(headers, "idempotency-key")) headers["Idempotency-Key"] = idempotencyKey();

    const maxRetries = this.options.maxRetries ?? 2;
    const maxDelay = this.options.maxRetryDelayMs ?? 60_000;
    for (let attempt = 0; ; attempt++) {
      const retry = async (delay: number | null) => {
        if (attempt >= maxRetries || delay === null || delay > maxDelay) return false;
        await sleep(delay, options.signal);
        return true;
      };
      let response: Response;
      try {
        response = await this.fetchImpl(url, { method, headers, body, keepalive: options.keepalive, signal: options.signal, credentials: this.options.credentials, cache: "no-store" });
      } catch (err) {
        if ((err as Error)?.name === "AbortError" || options.signal?.aborted) throw err;
        if (await retry(backoffMs(attempt))) continue;
        throw new InkbaseError(0, { error: "Could not reach the server" }, null, new Headers(), { cause: err });
      }
      if (response.status === 304 && cached) {
        return { data: cached.data as T, status: 304, headers: response.headers, notModified: true };
      }
      const parsed = await readBody(response);
      if (response.ok) {
        const etag = response.headers.get("etag");
        if (method === "GET" && this.store && etag) this.store.set(url, { etag, data: parsed });
        return { data: parsed as T, status: response.status, headers: response.headers, notModified: false };
      }
      const errorBody = (parsed && typeof parsed === "object" ? parsed : { error: `HTTP ${response.status}` }) as ErrorBody;
      if (await retry(retryDelay(response, errorBody, attempt))) continue;
      throw new InkbaseError(response.status, errorBody, response.headers.get("x-request-id"), response.headers);
    }
  }

  private url(path: string, query: RequestOptions["query"]): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) search.set(name, String(value));
    }
    const qs = search.toString();
    return `${this.options.baseUrl.replace(/\/$/, "")}${path}${qs ? `?${qs}` : ""}`;
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { error: text.slice(0, 200) };
  }
}

/** How long to wait before retrying this answer, or null when it is not worth retrying. */
function retryDelay(response: Response, body: ErrorBody, attempt: number): number | null {
  if (response.status === 429 || (response.status === 409 && body.code === "idempotency_key_in_use")) return retryAfterMs(response);
  if (response.status >= 500) return retryAfterMs(response) ?? backoffMs(attempt);
  return null;
}

/** 0.5 s, 1 s, 2 s, … with up to a quarter more at random, so clients that failed together do not retry together. */
function backoffMs(attempt: number): number {
  return Math.round(500 * 2 ** attempt * (1 + Math.random() / 4));
}

/** A fresh random key (a UUID where the runtime has one; `crypto.randomUUID` needs a secure context in browsers). */
function idempotencyKey(): string {
  if (typeof globalThis.crypto?.randomUUID === "function") return globalThis.crypto.randomUUID();
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** `Retry-After` in seconds or as an HTTP date; null when absent or unreadable. */
function retryAfterMs(response: Response): number | null {
  const value = response.headers.get("retry-after");
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}
