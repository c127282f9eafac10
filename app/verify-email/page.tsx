import type { Metadata } from "next";
import Link from "next/link";
import { FollowLink } from "@/components/account-pages/follow-link";
import { SiteHeader } from "@/components/site/site-header";
import "@/components/site/marketing.css";
import styles from "@/components/site/sign-in.module.css";
import { one } from "@/lib/http/search-param";

export const metadata: Metadata = { title: "Verify your email address", robots: { index: false }, referrer: "no-referrer" };

// The mailed link; no session needed (ACCOUNTS.md).
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = one((await searchParams).token);
  return (
    <>
      <SiteHeader />
      <main className="site-main site-main-narrow">
        <h1>Verify your email address</h1>
        {token ? <FollowLink action="verify-email" token={token} /> : <p role="alert" className={styles.error}>Invalid or expired link</p>}
        <p className={styles.links}>
          <Link href="/dashboard">Go to the dashboard</Link>
        </p>
      </main>
    </>
  );
}
