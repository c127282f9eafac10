// The dashboard's one way to call our API from the browser: same origin, the session cookie,
// JSON in and out, and one error type that carries the API's status, body and request id.
// Call sites stay thin (one function per endpoint in ./posts-api.ts and friends).

export type ApiErrorBody = { error: string; issues?: { path: string[]; message: string }[] } & Record<string, unknown>;

export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  readonly requestId: string | null;

  constructor(status: number, body: ApiErrorBody, requestId: string | null) {
    super(body.error || `HTTP ${status}`);
    this.name = "ApiRequestError";
    this.status = status;
    this.body = body;
    this.requestId = requestId;
  }

  /** The API's message for one field (`issues[].path` joined with dots), if it named one. */
  fieldError(path: string): string | undefined {
    return this.body.issues?.find((issue) => issue.path.join(".") === path)?.message;
  }
}

/** The network itself failed (offline, server down): nothing is known about what was applied. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super("Could not reach the server. Check your connection.");
    this.name = "NetworkError";
    this.cause = cause;
  }
}

export type ApiResult<T> = { data: T; headers: Headers };

export async function apiRequest<T>(
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; keepalive?: boolean; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
      keepalive: options.keepalive,
      signal: options.signal,
      cache: "no-store",
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new NetworkError(err);
  }
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { error: text.slice(0, 200) };
    }
  }
  if (!response.ok) {
    const body = (parsed && typeof parsed === "object" ? parsed : { error: `HTTP ${response.status}` }) as ApiErrorBody;
    throw new ApiRequestError(response.status, body, response.headers.get("x-request-id"));
  }
  return { data: parsed as T, headers: response.headers };
}

/** A sentence for an author: the API's own message, plus the request id for a server error. */
export function describeError(err: unknown): string {
  if (err instanceof ApiRequestError) {
    if (err.status >= 500) return `The server failed (${err.status})${err.requestId ? `, request ${err.requestId}` : ""}.`;
    if (err.status === 429) return "Too many requests. Wait a moment and try again.";
    return err.body.error === "Invalid input" && err.body.issues?.length ? err.body.issues[0].message : err.body.error;
  }
  if (err instanceof Error) return err.message;
  return "Something went wrong.";
}
