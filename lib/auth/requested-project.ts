// TEAMS.md "current project": the project a request names, from the `Inkbase-Project` header (the
// dashboard sends it) or `?project=`; null when it names none (the caller's own, or the key's).
import type { NextRequest } from "next/server";
import { ApiError } from "../http/api-error";

export const PROJECT_HEADER = "inkbase-project";

export const projectNotFound = () => new ApiError(404, { error: "Project not found" });

export function requestedProject(req: Pick<NextRequest, "headers" | "nextUrl">): string | null {
  const named = req.headers.get(PROJECT_HEADER) ?? req.nextUrl.searchParams.get("project");
  const trimmed = named?.trim().toLowerCase();
  return trimmed ? trimmed : null;
}
