import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/account-pages/reset-password-form";
import { SiteHeader } from "@/components/site/site-header";
import "@/components/site/marketing.css";
import styles from "@/components/site/sign-in.module.css";
import { one } from "@/lib/http/search-param";

export const metadata: Metadata = { title: "Set a new password", robots: { index: false }, referrer: "no-referrer" };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = one((await searchParams).token);
  return (
    <>
      <SiteHeader />
      <main className="site-main site-main-narrow">
        <h1>Set a new password</h1>
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <p role="alert" className={styles.error}>Invalid or expired link — <Link href="/forgot-password">ask for a new link</Link>.</p>
        )}
      </main>
    </>
  );
}
