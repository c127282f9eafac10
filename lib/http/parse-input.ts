// zod → the spec's 400 body: { error: "Invalid input", issues: [{ path: string[], message }] }.
import type { z } from "zod";
import { invalidInput, type Issue } from "./api-error";

export function toIssues(error: z.ZodError, prefix: string[] = []): Issue[] {
  return error.issues.map((issue) => ({
    path: [...prefix, ...issue.path.map((segment) => String(segment))],
    message: issue.message,
  }));
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, prefix: string[] = []): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(toIssues(result.error, prefix));
  return result.data;
}
