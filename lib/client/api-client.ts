// The dashboard's one way to call our API from the browser: the SDK (@inkbase/sdk) on the same
// origin with the session cookie, and the dashboard's error types that carry the API's status,
// body and request id. Call sites stay thin (one function per endpoint in ./posts-api.ts and friends).
import { Inkbase, InkbaseError } from "@inkbase/sdk";
import { projectFetch } from "./project-fetch";

type ApiErrorBody = { error: string; issues?: { path: string[]; message: string }[] } & Record<string, unknown>;

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

/**
 * The dashboard's SDK client: same origin, the session cookie, the page's project
 * (`Inkbase-Project`, ./project-fetch.ts), and no retries of its own (the autosave controller
 * decides when to retry, and says so to the author).
 */
const inkbase = new Inkbase({ baseUrl: "", credentials: "same-origin", maxRetries: 0, fetch: projectFetch });

/** Runs an SDK call and turns its one error class into the dashboard's two (refused vs unreachable). */
export async function viaSdk<T>(call: (client: Inkbase) => Promise<T>): Promise<T> {
  try {
    return await call(inkbase);
  } catch (err) {
    if (err instanceof InkbaseError) {
      if (err.isNetworkError) throw new NetworkError(err.cause);
      throw new ApiRequestError(err.status, err.body, err.requestId);
    }
    throw err;
  }
}

/** An operation the SDK has no resource method for (the session-only key calls): its data. */
export async function apiRequest<T>(method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", path: string, body?: unknown): Promise<T> {
  return (await viaSdk((client) => client.request<T>(method, path, { body }))).data;
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
