"use client";
// Links and navigations inside the dashboard stay in the page's project: a page of another
// project carries `?project=<username>`, and so does every dashboard address it leads to
// (lib/client/project-href.ts). Use these instead of next/link and useRouter in the dashboard.
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, type ComponentProps } from "react";
import { PROJECT_PARAM } from "@/lib/client/project-fetch";
import { withProject } from "@/lib/client/project-href";

/** The project the page shows (`?project=`), or null for the account's own. */
export function useCurrentProject(): string | null {
  return useSearchParams().get(PROJECT_PARAM) || null;
}

/** Turns a dashboard address into the same address in the page's project. */
export function useProjectHref(): (href: string) => string {
  const project = useCurrentProject();
  const pathname = usePathname();
  return useMemo(() => (href: string) => withProject(href, project, pathname), [project, pathname]);
}

export function ProjectLink({ href, ...props }: ComponentProps<typeof Link>) {
  const toProject = useProjectHref();
  return <Link href={typeof href === "string" ? toProject(href) : href} {...props} />;
}

/** next/navigation's router whose push and replace stay in the page's project. */
export function useProjectRouter(): ReturnType<typeof useRouter> {
  const router = useRouter();
  const toProject = useProjectHref();
  return useMemo(
    () => ({ ...router, push: (href, options) => router.push(toProject(href), options), replace: (href, options) => router.replace(toProject(href), options), prefetch: (href, options) => router.prefetch(toProject(href), options) }),
    [router, toProject],
  );
}

/** Inside a GET form of a dashboard page: submitting it stays in the page's project. */
export function ProjectField() {
  const project = useCurrentProject();
  return project ? <input type="hidden" name={PROJECT_PARAM} value={project} /> : null;
}
