// Dashboard addresses keep the project they were made in (TEAMS.md: "dashboard pages take
// ?project=<username>"). Pure, so server pages (redirects) and client links share it.
import { PROJECT_PARAM } from "./project-fetch";

/**
 * `href` with `?project=<project>` added when it is a dashboard address (an absolute
 * `/dashboard…` path, or a bare `?query` meant for the current dashboard page) that names no
 * project of its own. Other addresses, and every address when `project` is null (the account's
 * own project), come back unchanged.
 */
export function withProject(href: string, project: string | null | undefined, currentPath = "/dashboard"): string {
  if (!project) return href;
  const resolved = href.startsWith("?") ? `${currentPath}${href}` : href;
  if (!(resolved === "/dashboard" || resolved.startsWith("/dashboard/") || resolved.startsWith("/dashboard?") || resolved.startsWith("/dashboard#"))) return href;
  const url = new URL(resolved, "http://dashboard.invalid");
  if (url.searchParams.has(PROJECT_PARAM)) return href;
  url.searchParams.set(PROJECT_PARAM, project);
  return `${url.pathname}${url.search}${url.hash}`;
}
