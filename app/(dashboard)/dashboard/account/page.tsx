import type { Metadata } from "next";
import { ProjectLink as Link } from "@/components/dashboard/project-link";
import styles from "@/components/account/account.module.css";
import { DeleteAccount } from "@/components/account/delete-account";
import { DisplayNameForm } from "@/components/account/display-name-form";
import { EmailForm } from "@/components/account/email-form";
import { PasswordForm } from "@/components/account/password-form";
import { SignOutEverywhereButton } from "@/components/account/sign-out-everywhere-button";
import { PageHeader, pageStyles } from "@/components/dashboard/page-header";
import { Badge } from "@/components/ui/badge";
import { getProfile } from "@/lib/accounts/get-profile";
import { requireAccount } from "@/lib/auth/require-account";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const account = await requireAccount();
  const { pendingEmail } = await getProfile({ userId: account.id });
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
          <dd>
            {account.email}{" "}
            {account.emailVerifiedAt ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}
          </dd>
          <dt>Plan</dt>
          <dd><Badge tone={account.plan === "pro" ? "accent" : "neutral"}><span data-testid="plan">{account.plan}</span></Badge></dd>
        </dl>
      </section>
      <section className={pageStyles.section} aria-labelledby="profile">
        <h2 id="profile" className={pageStyles.sectionTitle}>Profile</h2>
        <DisplayNameForm initial={account.displayName} username={account.username} />
      </section>
      <section className={pageStyles.section} aria-labelledby="email">
        <h2 id="email" className={pageStyles.sectionTitle}>Email</h2>
        <EmailForm email={account.email} pendingEmail={pendingEmail} />
      </section>
      <section className={pageStyles.section} aria-labelledby="password">
        <h2 id="password" className={pageStyles.sectionTitle}>Password</h2>
        {account.hasPassword ? (
          <PasswordForm />
        ) : (
          <p>
            Your account signs in through single sign-on and has no password. To set one, ask for a{" "}
            <Link href="/forgot-password">reset link</Link>.
          </p>
        )}
      </section>
      <section className={pageStyles.section} aria-labelledby="sessions">
        <h2 id="sessions" className={pageStyles.sectionTitle}>Sessions</h2>
        <p>Signed in on a computer you no longer use? End every session of this account, this one too.</p>
        <SignOutEverywhereButton />
      </section>
      <section className={pageStyles.section} aria-labelledby="your-writing">
        <h2 id="your-writing" className={pageStyles.sectionTitle}>Your writing</h2>
        <p>
          <Link href="/dashboard/import">Import</Link> posts from Ghost, WordPress or Markdown, or{" "}
          <Link href="/dashboard/export">export</Link> everything as a zip.
        </p>
      </section>
      <section className={pageStyles.section} aria-labelledby="danger-zone">
        <h2 id="danger-zone" className={pageStyles.sectionTitle}>Delete account</h2>
        <p>Deletes your account and its blog with everything in it: posts, collections, media files, API keys, webhooks and imports.</p>
        <DeleteAccount username={account.username} hasPassword={account.hasPassword} />
      </section>
    </>
  );
}
