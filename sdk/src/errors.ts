// The one error the SDK throws for an answer that is not 2xx (and for a request that never got an
// answer: status 0). It carries what support needs: status, the API's error body, the request id.

export type ErrorBody = { error: string; issues?: { path: string[]; message: string }[]; required?: string[]; current?: unknown; retryAfter?: number } & Record<string, unknown>;

export class InkbaseError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly requestId: string | null;
  readonly headers: Headers;

  constructor(status: number, body: ErrorBody, requestId: string | null, headers: Headers = new Headers(), options?: { cause?: unknown }) {
    super(`${status ? `HTTP ${status}: ` : ""}${body.error}${requestId ? ` (request ${requestId})` : ""}`, options);
    this.name = "InkbaseError";
    this.status = status;
    this.body = body;
    this.requestId = requestId;
    this.headers = headers;
  }

  /** True when no answer came back (offline, DNS, server down): nothing is known about what was applied. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** The API's message for one field of a 400 (`issues[].path` joined with dots). */
  fieldError(path: string): string | undefined {
    return this.body.issues?.find((issue) => issue.path.join(".") === path)?.message;
  }
}
