import type { Metadata } from "next";
import Link from "next/link";
import { CreateAccountForm } from "@/components/account-pages/create-account-form";
import { SiteHeader } from "@/components/site/site-header";
import "@/components/site/marketing.css";
import styles from "@/components/site/sign-in.module.css";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Create account" };
export const dynamic = "force-dynamic";

export default function SignUpPage() {
  const open = env.registration === "open";
  return (
    <>
      <SiteHeader />
      <main className="site-main site-main-narrow">
        <h1>Create account</h1>
        {open ? (
          <>
            <CreateAccountForm kind="signup" />
            <p className={styles.links}>
              <span>Have an account? <Link href="/signin">Sign in</Link></span>
            </p>
          </>
        ) : (
          <>
            <p>Sign-up is by invitation only</p>
            <p className={styles.links}>
              <span>Have an account? <Link href="/signin">Sign in</Link></span>
            </p>
          </>
        )}
      </main>
    </>
  );
}
