// `inkbase.imports` and `inkbase.export` (PORTABILITY): start an import with a file (multipart,
// sent as it is: never retried, the server makes a re-sent file harmless anyway, as a re-import
// updates instead of duplicating), follow its report, and download the account as a zip.
import { InkbaseError, type ErrorBody } from "./errors.js";
import type { HttpClient, InkbaseOptions, RequestOptions } from "./http.js";
import type { ResponseOf } from "./types.js";

export type ImportSource = "ghost" | "wordpress" | "markdown" | "inkbase";
export type ImportReport = ResponseOf<"/api/imports/{id}", "get">;

const seg = (value: string) => encodeURIComponent(value);

export class PortabilityClient {
  constructor(
    private readonly http: HttpClient,
    private readonly options: InkbaseOptions,
  ) {}

  /** Starts an import; resolves with `{ id, status: "running" }` (202). */
  async createImport(file: Blob, options: { source: ImportSource; dryRun?: boolean; filename?: string; signal?: AbortSignal }): Promise<{ id: string; status: "running" }> {
    const form = new FormData();
    const name = options.filename ?? (typeof File !== "undefined" && file instanceof File ? file.name : "upload");
    form.set("file", file, name);
    form.set("source", options.source);
    if (options.dryRun) form.set("dryRun", "true");
    const response = await this.fetch("/api/imports", { method: "POST", body: form, signal: options.signal });
    return (await response.json()) as { id: string; status: "running" };
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
