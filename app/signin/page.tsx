import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/sign-in-form";
import { signInDestination } from "@/lib/auth/sign-in-destination";
import { SiteHeader } from "@/components/site/site-header";
import "@/components/site/marketing.css";
import formStyles from "@/components/site/sign-in.module.css";
import { hasAnyAccount } from "@/lib/accounts/has-any-account";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // ACCOUNTS.md "First run": nobody can sign in before the first account exists.
  if (!(await hasAnyAccount())) redirect("/setup");
  const params = await searchParams;
  return (
    <>
      <SiteHeader />
      <main className="site-main site-main-narrow">
        <h1>Sign in</h1>
        {params.passwordChanged && (
          <p role="status" className={formStyles.notice}><strong>Password changed</strong>. Sign in with your new password.</p>
        )}
        {params.error && <p role="alert" className={formStyles.error}>Wrong email or password.</p>}
        <SignInForm callbackUrl={signInDestination(params.callbackUrl)} />
        <p className={formStyles.links}>
          <Link href="/forgot-password">Forgot password?</Link>
          {env.registration === "open" ? <Link href="/signup">Create an account</Link> : null}
        </p>
      </main>
    </>
  );
}
