// The project a dashboard page shows (TEAMS.md: "dashboard pages take ?project=<username>"), with
// the signed-in account's principal in it, once per render (the layout and the page share it
// through React's cache). The same sessionPrincipal the API uses for `Inkbase-Project` decides, so
// a page and the API calls made from it agree on "which project, which role"; a project the
// account does not belong to (or is suspended in) is the dashboard's 404, as the API's is.
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { DASHBOARD_PATH_HEADER } from "../auth/dashboard-path";
import type { Principal } from "../auth/principal";
import { requireAccount, type DashboardAccount } from "../auth/require-account";
import { sessionPrincipalIn } from "../auth/session-principal";
import { ApiError } from "../http/api-error";
import { listProjects, type ProjectListing } from "../members/list-projects";

export type DashboardProject = {
  account: DashboardAccount;
  principal: Principal;
  /** The `?project=` the page's links carry, or null for the account's own project. */
  param: string | null;
  /** The project's blog name (its owner's display name), for previews of its pages. */
  displayName: string | null;
};

/** The account's projects (the shell's switcher), once per render. */
export const accountProjects = cache((accountId: string): Promise<ProjectListing[]> => listProjects(accountId));

/** `?project=` of the page's address (proxy.ts passes it on in DASHBOARD_PATH_HEADER). */
async function requestedProject(): Promise<string | null> {
  const path = (await headers()).get(DASHBOARD_PATH_HEADER) ?? "";
  const named = new URL(path, "http://dashboard.invalid").searchParams.get("project")?.trim().toLowerCase();
  return named ? named : null;
}

/** The page's project, or null when the account does not belong to it (the shell, which then still renders). */
export const findProject = cache(async (): Promise<DashboardProject | null> => {
  const account = await requireAccount();
  const named = await requestedProject();
  const own = named === null || named === account.username;
  try {
    const [principal, projects] = await Promise.all([sessionPrincipalIn(account, own ? null : named), accountProjects(account.id)]);
    const displayName = projects.find((project) => project.username === principal.projectUsername)?.displayName ?? null;
    return { account, principal, param: own ? null : principal.projectUsername, displayName };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
});

/** The page's project; not a member of it: the dashboard's 404 (inside the shell, like any unknown page). */
export async function requireProject(): Promise<DashboardProject> {
  const project = await findProject();
  if (!project) notFound();
  return project;
}
