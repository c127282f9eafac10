import type { Metadata } from "next";
import Link from "next/link";
import { ForgotPasswordForm } from "@/components/account-pages/forgot-password-form";
import { SiteHeader } from "@/components/site/site-header";
import "@/components/site/marketing.css";
import styles from "@/components/site/sign-in.module.css";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <>
      <SiteHeader />
      <main className="site-main site-main-narrow">
        <h1>Forgot password</h1>
        <p>Enter your account&apos;s email address and we will mail you a link to set a new password.</p>
        <ForgotPasswordForm />
        <p className={styles.links}><Link href="/signin">Back to sign in</Link></p>
      </main>
    </>
  );
}
