// `inkbase.media`: the media library, and `upload`, which picks the flow by size: one request up
// to 4 MiB (the largest body a Vercel function accepts), above that the two-step upload (start →
// PUT the bytes straight to storage → complete). In a browser, `onProgress` reports the bytes
// sent (through XMLHttpRequest, the one browser API that reports upload progress).
import { InkbaseError, type ErrorBody } from "./errors.js";
import type { HttpClient, InkbaseOptions, RequestOptions } from "./http.js";
import type { QueryOf, ResponseOf } from "./types.js";

/** Files up to this many bytes go in one request. */
export const ONE_REQUEST_MAX_BYTES = 4 * 1024 * 1024;

export type UploadInput = Blob | Uint8Array | ArrayBuffer;
export type UploadOptions = {
  alt?: string;
  /** Required for bytes (a File carries its own name). */
  filename?: string;
  /** Bytes sent so far, of `total`. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
};

type Media = ResponseOf<"/api/media/{id}", "get">;
type Upload = ResponseOf<"/api/media/uploads", "post">;

const seg = (value: string) => encodeURIComponent(value);

/** The image type the first bytes say, for a start request that must declare one. */
export function sniffImageMime(head: Uint8Array): string | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (head[0] === 0x89 && ascii(1, 4) === "PNG") return "image/png";
  if (ascii(0, 4) === "GIF8") return "image/gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  if (ascii(4, 8) === "ftyp" && /avi[fs]/.test(ascii(8, 32))) return "image/avif";
  return null;
}

export class MediaResource {
  constructor(
    private readonly http: HttpClient,
    private readonly options: InkbaseOptions,
  ) {}

  list(query?: QueryOf<"/api/media", "get">, call?: Pick<RequestOptions, "signal">) {
    return this.data<ResponseOf<"/api/media", "get">>("GET", "/api/media", { ...call, query });
  }

  get(id: string, call?: Pick<RequestOptions, "signal">) {
    return this.data<Media>("GET", `/api/media/${seg(id)}`, call);
  }

  update(id: string, body: { alt?: string; filename?: string }, call?: Pick<RequestOptions, "signal">) {
    return this.data<Media>("PATCH", `/api/media/${seg(id)}`, { ...call, body });
  }

  /** A medium in use is refused (409, `body.usedBy`) unless `force`. */
  delete(id: string, options: { force?: boolean; signal?: AbortSignal } = {}) {
    return this.data<{ success: true }>("DELETE", `/api/media/${seg(id)}`, { signal: options.signal, query: options.force ? { force: "true" } : undefined });
  }

  /** Upload an image (a File, Blob or bytes); resolves with the new medium. */
  async upload(input: UploadInput, options: UploadOptions = {}): Promise<Media> {
    const blob = input instanceof Blob ? input : new Blob([input instanceof ArrayBuffer ? new Uint8Array(input) : (input as Uint8Array<ArrayBuffer>)]);
    const filename = options.filename ?? (typeof File !== "undefined" && input instanceof File ? input.name : undefined);
    if (!filename) throw new TypeError("inkbase.media.upload: pass { filename } with bytes or a Blob");
    const size = blob.size;

    if (size <= ONE_REQUEST_MAX_BYTES) {
      const query = new URLSearchParams({ filename, ...(options.alt ? { alt: options.alt } : {}) });
      const headers = this.authHeaders({ "Content-Type": blob.type || "application/octet-stream", Accept: "application/json" });
      const answer = await send({ url: `${this.base()}/api/media?${query}`, method: "POST", headers, body: blob, options: this.options, onProgress: options.onProgress, signal: options.signal });
      return answer as Media;
    }

    const mimeType = blob.type || sniffImageMime(new Uint8Array(await blob.slice(0, 64).arrayBuffer())) || "application/octet-stream";
    const upload = await this.data<Upload>("POST", "/api/media/uploads", { body: { filename, size, mimeType }, signal: options.signal });
    // Straight to storage (or the app's one-time URL): no credentials of ours go with it.
    await send({ url: upload.uploadUrl, method: upload.method, headers: upload.headers, body: blob, options: this.options, onProgress: options.onProgress, signal: options.signal, anonymous: true });
    return this.data<Media>("POST", `/api/media/uploads/${seg(upload.uploadId)}/complete`, { body: options.alt ? { alt: options.alt } : {}, signal: options.signal });
  }

  private async data<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
    return (await this.http.request<T>(method, path, options)).data;
  }

  private base(): string {
    return this.options.baseUrl.replace(/\/$/, "");
  }

  private authHeaders(extra: Record<string, string>): Record<string, string> {
    return { ...this.options.headers, ...extra, ...(this.options.apiKey ? { Authorization: `Bearer ${this.options.apiKey}` } : {}) };
  }
}

export type SendInput = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Blob;
  options: InkbaseOptions;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** A URL of the store: no cookies (a presigned URL carries its own authority). */
  anonymous?: boolean;
};

/** One body-carrying request; its JSON answer (null for none), or an InkbaseError. Also the import upload's PUT (portability.ts). */
export async function send(input: SendInput): Promise<unknown> {
  if (input.onProgress && typeof XMLHttpRequest !== "undefined") return sendWithProgress(input);
  const fetchImpl = input.options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  let response: Response;
  try {
    response = await fetchImpl(input.url, {
      method: input.method,
      headers: input.headers,
      body: input.body,
      signal: input.signal,
      credentials: input.anonymous ? "omit" : input.options.credentials,
    });
  } catch (err) {
    if ((err as Error)?.name === "AbortError") throw err;
    throw new InkbaseError(0, { error: "Could not reach the server" }, null, new Headers(), { cause: err });
  }
  input.onProgress?.(input.body.size, input.body.size);
  return answer(response.status, await response.text(), response.headers);
}

function sendWithProgress(input: SendInput): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(input.method, input.url);
    xhr.withCredentials = !input.anonymous && input.options.credentials === "include";
    for (const [name, value] of Object.entries(input.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => input.onProgress?.(event.loaded, event.total || input.body.size);
    xhr.onerror = () => reject(new InkbaseError(0, { error: "Could not reach the server" }, null));
    xhr.onabort = () => reject(new DOMException("The upload was aborted", "AbortError"));
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(":");
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      try {
        resolve(answer(xhr.status, xhr.responseText, headers));
      } catch (err) {
        reject(err);
      }
    };
    input.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(input.body);
  });
}

function answer(status: number, text: string, headers: Headers): unknown {
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      // A store's XML error, say: keep its first words.
      parsed = { error: text.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim().slice(0, 200) || `HTTP ${status}` };
    }
  }
  if (status >= 200 && status < 300) return parsed;
  const body = (parsed && typeof parsed === "object" ? parsed : { error: `HTTP ${status}` }) as ErrorBody;
  throw new InkbaseError(status, body, headers.get("x-request-id"), headers);
}
