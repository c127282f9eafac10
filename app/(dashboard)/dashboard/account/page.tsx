import type { Metadata } from "next";
import Link from "next/link";
import styles from "@/components/account/account.module.css";
import { DisplayNameForm } from "@/components/account/display-name-form";
import { PageHeader, pageStyles } from "@/components/dashboard/page-header";
import { Badge } from "@/components/ui/badge";
import { requireAccount } from "@/lib/auth/require-account";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const account = await requireAccount();
  return (
    <>
      {/* "Sign out" is the shell's, in the top bar of every page (one button of that name per page). */}
      <PageHeader title="Account" description="Who you are on Inkbase." />
      <section className={pageStyles.card} aria-labelledby="account-facts">
        <h2 id="account-facts" className="visually-hidden">Account details</h2>
        <dl className={styles.facts}>
          <dt>Username</dt>
          <dd data-testid="username">{account.username}</dd>
          <dt>Blog</dt>
          <dd><a href={`/${account.username}`}>{`${env.publicBaseUrl}/${account.username}`}</a></dd>
          <dt>Email</dt>
          <dd>{account.email}</dd>
          <dt>Plan</dt>
          <dd><Badge tone={account.plan === "pro" ? "accent" : "neutral"}><span data-testid="plan">{account.plan}</span></Badge></dd>
        </dl>
      </section>
      <section className={pageStyles.section} aria-labelledby="profile">
        <h2 id="profile" className={pageStyles.sectionTitle}>Profile</h2>
        <DisplayNameForm initial={account.displayName} username={account.username} />
      </section>
      <section className={pageStyles.section} aria-labelledby="your-writing">
        <h2 id="your-writing" className={pageStyles.sectionTitle}>Your writing</h2>
        <p>
          <Link href="/dashboard/import">Import</Link> posts from Ghost, WordPress or Markdown, or{" "}
          <Link href="/dashboard/export">export</Link> everything as a zip.
        </p>
      </section>
    </>
  );
}
