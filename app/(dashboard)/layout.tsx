import type { Metadata } from "next";
import { ProjectLink as Link } from "@/components/dashboard/project-link";
import { NavLink } from "@/components/dashboard/nav-link";
import { ProjectSwitcher } from "@/components/dashboard/project-switcher";
import styles from "@/components/dashboard/shell.module.css";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import { VerifyEmailNotice } from "@/components/account/verify-email-notice";
import { Badge } from "@/components/ui/badge";
import { ToastProvider } from "@/components/ui/toast";
import { can } from "@/lib/auth/can";
import type { Action } from "@/lib/auth/permissions";
import { accountProjects, findProject } from "@/lib/dashboard/current-project";
import { requireAccount } from "@/lib/auth/require-account";
import { reviewNavigation } from "@/lib/reviews/list-reviews";

export const metadata: Metadata = { title: { default: "Dashboard", template: "%s · Inkbase" }, robots: { index: false } };

// Each link shows for the roles that may use its page (TEAMS.md: "The dashboard shows only the
// controls a role may use"), asked of the same can() the API decides with.
const NAV: { href: string; label: string; action?: Action }[] = [
  { href: "/dashboard/posts", label: "Posts" },
  { href: "/dashboard/collections", label: "Collections" },
  { href: "/dashboard/media", label: "Media" },
  { href: "/dashboard/reviews", label: "Reviews" },
  { href: "/dashboard/members", label: "Members" },
  { href: "/dashboard/keys", label: "API keys", action: "keys.personal" },
  { href: "/dashboard/webhooks", label: "Webhooks", action: "project.manage" },
  { href: "/dashboard/audit", label: "Audit log", action: "audit.read" },
  { href: "/dashboard/account", label: "Account" },
  // PORTABILITY: Account → Import and Export.
  { href: "/dashboard/import", label: "Import", action: "project.manage" },
  { href: "/dashboard/export", label: "Export", action: "project.manage" },
];

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const account = await requireAccount();
  // Not a member of the project the address names: the page answers 404 inside the shell, whose
  // links are then the account's own project's.
  const [project, projects] = await Promise.all([findProject(), accountProjects(account.id)]);
  // "Reviews" once the project is a team's; reviewers see how many requests wait for them
  // (TEAMS.md "Review"): open ones, not their own, which they never decide.
  const reviews = project ? await reviewNavigation(project.principal.projectId, can(project.principal, "review.decide") ? project.principal.actorId : null) : { team: false, open: 0 };
  const nav = NAV.filter((item) => (item.href === "/dashboard/reviews" ? reviews.team : !item.action || (project ? can(project.principal, item.action) : true)));
  const plan = project?.principal.plan ?? account.plan;
  return (
    <ToastProvider>
      <a href="#main" className={styles.skip}>Skip to content</a>
      <header className={styles.topbar}>
        <Link href="/dashboard/posts" className={projects.length > 1 ? `${styles.brand} ${styles.brandWithProject}` : styles.brand}>
          <svg className={styles.logo} viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#3b4cca" /><path d="M10 23V9h4v14zm7 0 5-14h4l-5 14z" fill="#fff" /></svg>
          <span className={projects.length > 1 ? styles.brandName : undefined}>Inkbase</span>
        </Link>
        {projects.length > 1 ? <ProjectSwitcher projects={projects} current={project?.principal.projectUsername ?? account.username} own={account.username} /> : null}
        <div className={projects.length > 1 ? `${styles.who} ${styles.withProject}` : styles.who}>
          <span className={styles.name} title={account.email}>{account.displayName ?? account.username}</span>
          {/* The plan of the project on screen: in a team's project its owner's plan decides what
              works (collections are Pro), not the visitor's own. */}
          <Badge tone={plan === "pro" ? "accent" : "neutral"} title={project && project.principal.projectId !== account.id ? `The plan of ${project.principal.projectUsername}` : undefined}>{plan === "pro" ? "Pro" : "Free"}</Badge>
          <SignOutButton />
        </div>
      </header>
      <div className={styles.body}>
        <nav className={styles.nav} aria-label="Dashboard">
          <ul className={styles.navList}>
            {nav.map((item) => (
              <li key={item.href}>
                <NavLink href={item.href}>
                  {item.label}
                  {item.href === "/dashboard/reviews" && reviews.open > 0 ? (
                    <span className={styles.navCount}>{reviews.open}<span className="visually-hidden"> open</span></span>
                  ) : null}
                </NavLink>
              </li>
            ))}
            {/* A route handler, not a page: a plain link, so no client-side navigation is attempted. The lint
                rule mistakes /docs for the public blog's /[username] page. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <li><a href="/docs" className={styles.navLink}>API reference</a></li>
          </ul>
        </nav>
        <main id="main" className={styles.main}>
          {account.emailVerifiedAt ? null : <VerifyEmailNotice email={account.email} />}
          {children}
        </main>
      </div>
    </ToastProvider>
  );
}
