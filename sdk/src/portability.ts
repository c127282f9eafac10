// `inkbase.imports` and `inkbase.export` (PORTABILITY): start an import with a file, follow its
// report, and download the account as a zip. The file goes by size, as media.upload's does: up to
// 4 MiB in one multipart request (sent as it is: never retried, the server makes a re-sent file
// harmless anyway, as a re-import updates instead of duplicating), above that straight to storage
// (POST /api/imports/uploads → PUT to its URL → POST /api/imports { uploadId, source }), so a
// 32 MiB export works on Vercel too, whose functions take bodies up to 4.5 MB.
import { InkbaseError, type ErrorBody } from "./errors.js";
import type { HttpClient, InkbaseOptions, RequestOptions } from "./http.js";
import { ONE_REQUEST_MAX_BYTES, send } from "./media.js";
import type { ResponseOf } from "./types.js";

export type ImportSource = "ghost" | "wordpress" | "markdown" | "inkbase";
export type ImportReport = ResponseOf<"/api/imports/{id}", "get">;
export type ImportOptions = {
  source: ImportSource;
  dryRun?: boolean;
  filename?: string;
  /** Bytes sent so far, of `total` (in a browser, through XMLHttpRequest). */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
};
type ImportUpload = ResponseOf<"/api/imports/uploads", "post">;
type ImportStarted = { id: string; status: "running" };

const seg = (value: string) => encodeURIComponent(value);

export class PortabilityClient {
  constructor(
    private readonly http: HttpClient,
    private readonly options: InkbaseOptions,
  ) {}

  /** Starts an import; resolves with `{ id, status: "running" }` (202). */
  async createImport(file: Blob, options: ImportOptions): Promise<ImportStarted> {
    const name = options.filename ?? (typeof File !== "undefined" && file instanceof File ? file.name : "upload");
    if (file.size > ONE_REQUEST_MAX_BYTES) return this.createUploadedImport(file, name, options);
    const form = new FormData();
    form.set("file", file, name);
    form.set("source", options.source);
    if (options.dryRun) form.set("dryRun", "true");
    const response = await this.fetch("/api/imports", { method: "POST", body: form, signal: options.signal });
    const started = (await response.json()) as ImportStarted;
    options.onProgress?.(file.size, file.size);
    return started;
  }

  private async createUploadedImport(file: Blob, filename: string, options: ImportOptions): Promise<ImportStarted> {
    const upload = (await this.http.request<ImportUpload>("POST", "/api/imports/uploads", { body: { filename, size: file.size }, signal: options.signal })).data;
    // Straight to storage (or the app's one-time URL): no credentials of ours go with it.
    await send({ url: upload.uploadUrl, method: upload.method, headers: upload.headers, body: file, options: this.options, onProgress: options.onProgress, signal: options.signal, anonymous: true });
    const body = { uploadId: upload.uploadId, source: options.source, ...(options.dryRun ? { dryRun: true } : {}) };
    return (await this.http.request<ImportStarted>("POST", "/api/imports", { body, signal: options.signal })).data;
  }

  getImport(id: string, call?: Pick<RequestOptions, "signal">): Promise<ImportReport> {
    return this.http.request<ImportReport>("GET", `/api/imports/${seg(id)}`, call).then((r) => r.data);
  }

  /** The account as a zip (`application/zip`). */
  async export(options: { format?: "json" | "markdown"; signal?: AbortSignal } = {}): Promise<Blob> {
    const response = await this.fetch(`/api/export?format=${options.format ?? "json"}`, { method: "GET", signal: options.signal });
    return response.blob();
  }

  private async fetch(path: string, init: { method: string; body?: FormData; signal?: AbortSignal }): Promise<Response> {
    const fetchImpl = this.options.fetch ?? ((url, request) => globalThis.fetch(url, request));
    const headers: Record<string, string> = { ...this.options.headers, ...(this.options.apiKey ? { Authorization: `Bearer ${this.options.apiKey}` } : {}) };
    let response: Response;
    try {
      response = await fetchImpl(`${this.options.baseUrl.replace(/\/$/, "")}${path}`, { ...init, headers, credentials: this.options.credentials });
    } catch (err) {
      if ((err as Error)?.name === "AbortError") throw err;
      throw new InkbaseError(0, { error: "Could not reach the server" }, null, new Headers(), { cause: err });
    }
    if (!response.ok) {
      const text = await response.text();
      let body: ErrorBody = { error: `HTTP ${response.status}` };
      try {
        body = JSON.parse(text) as ErrorBody;
      } catch {
        // keep the status line
      }
      throw new InkbaseError(response.status, body, response.headers.get("x-request-id"), response.headers);
    }
    return response;
  }
}
