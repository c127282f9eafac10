// The one error class. Domain code throws these; the route wrapper turns them into responses.
// Status codes and bodies come from shared/spec (SPEC.md and DECISIONS.md): no other shapes.

export type ErrorBody = { error: string } & Record<string, unknown>;

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(status: number, body: ErrorBody, headers: Record<string, string> = {}) {
    super(body.error);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export type Issue = { path: string[]; message: string };

export const badRequest = (error: string, extra: Record<string, unknown> = {}) =>
  new ApiError(400, { error, ...extra });
export const invalidInput = (issues: Issue[]) => new ApiError(400, { error: "Invalid input", issues });
export const invalidJson = () => new ApiError(400, { error: "Invalid JSON" });
export const unauthorized = () => new ApiError(401, { error: "Unauthorized" });
export const insufficientScope = (required: string[]) =>
  new ApiError(403, { error: "Insufficient scope", required });
export const sessionRequired = () => new ApiError(403, { error: "Session required" });
export const proPlanRequired = () => new ApiError(403, { error: "Pro plan required" });
export const notFound = (error: string) => new ApiError(404, { error });
export const conflict = (body: ErrorBody) => new ApiError(409, body);
export const preconditionFailed = (extra: Record<string, unknown>) => new ApiError(412, { error: "precondition_failed", ...extra });
export const unsupportedMediaType = () =>
  new ApiError(415, { error: "Unsupported Media Type", expected: "application/json" });
export const payloadTooLarge = (error: string) => new ApiError(413, { error });
