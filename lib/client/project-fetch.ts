// The dashboard's API calls act in the project the page shows (TEAMS.md "Projects and members"):
// a page of another project carries `?project=<username>`, and every call from it sends
// `Inkbase-Project: <username>`. Read at call time from the address bar, so a call can never act
// in another project than the page it was made from (two tabs, two projects, no shared state).

export const PROJECT_HEADER = "Inkbase-Project";
export const PROJECT_PARAM = "project";

/** The project named by the page's address, or null for the account's own project. */
export function pageProject(): string | null {
  if (typeof window === "undefined") return null;
  return new URLSearchParams(window.location.search).get(PROJECT_PARAM) || null;
}

/** fetch, plus `Inkbase-Project` when the page names a project. */
export const projectFetch: typeof fetch = (input, init) => {
  const project = pageProject();
  if (!project) return globalThis.fetch(input, init);
  const headers = new Headers(init?.headers);
  headers.set(PROJECT_HEADER, project);
  return globalThis.fetch(input, { ...init, headers });
};
