import type { Metadata } from "next";
import { ProjectLink as Link } from "@/components/dashboard/project-link";
import { NavLink } from "@/components/dashboard/nav-link";
import styles from "@/components/dashboard/shell.module.css";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import { VerifyEmailNotice } from "@/components/account/verify-email-notice";
import { Badge } from "@/components/ui/badge";
import { ToastProvider } from "@/components/ui/toast";
import { requireAccount } from "@/lib/auth/require-account";

export const metadata: Metadata = { title: { default: "Dashboard", template: "%s · Inkbase" }, robots: { index: false } };

const NAV = [
  { href: "/dashboard/posts", label: "Posts" },
  { href: "/dashboard/collections", label: "Collections" },
  { href: "/dashboard/media", label: "Media" },
  { href: "/dashboard/keys", label: "API keys" },
  { href: "/dashboard/webhooks", label: "Webhooks" },
  { href: "/dashboard/account", label: "Account" },
  // PORTABILITY: Account → Import and Export.
  { href: "/dashboard/import", label: "Import" },
  { href: "/dashboard/export", label: "Export" },
];

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const account = await requireAccount();
  return (
    <ToastProvider>
      <a href="#main" className={styles.skip}>Skip to content</a>
      <header className={styles.topbar}>
        <Link href="/dashboard/posts" className={styles.brand}>
          <svg className={styles.logo} viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#3b4cca" /><path d="M10 23V9h4v14zm7 0 5-14h4l-5 14z" fill="#fff" /></svg>
          Inkbase
        </Link>
        <div className={styles.who}>
          <span className={styles.name} title={account.email}>{account.displayName ?? account.username}</span>
          <Badge tone={account.plan === "pro" ? "accent" : "neutral"}>{account.plan === "pro" ? "Pro" : "Free"}</Badge>
          <SignOutButton />
        </div>
      </header>
      <div className={styles.body}>
        <nav className={styles.nav} aria-label="Dashboard">
          <ul className={styles.navList}>
            {NAV.map((item) => (
              <li key={item.href}><NavLink href={item.href}>{item.label}</NavLink></li>
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
