// The small fetch wrapper under every resource method: base URL and key, JSON in and out, one
// error class, bounded retries on 429 after `Retry-After`, and optional conditional GETs.
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
  /** How many times a 429 is retried after its `Retry-After` (default 2; 0 turns retries off). */
  maxRetries?: number;
  /** A 429 asking to wait longer than this is not retried but thrown (default 60 000 ms). */
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

    const maxRetries = this.options.maxRetries ?? 2;
    const maxDelay = this.options.maxRetryDelayMs ?? 60_000;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.fetchImpl(url, { method, headers, body, keepalive: options.keepalive, signal: options.signal, credentials: this.options.credentials, cache: "no-store" });
      } catch (err) {
        if ((err as Error)?.name === "AbortError") throw err;
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
      const delay = retryDelayMs(response);
      if (response.status === 429 && attempt < maxRetries && delay !== null && delay <= maxDelay) {
        await sleep(delay, options.signal);
        continue;
      }
      const errorBody = (parsed && typeof parsed === "object" ? parsed : { error: `HTTP ${response.status}` }) as ErrorBody;
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

/** `Retry-After` in seconds or as an HTTP date; null when absent or unreadable. */
function retryDelayMs(response: Response): number | null {
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
