import type { Metadata } from "next";
import { SignInForm } from "@/components/sign-in-form";
import { signInDestination } from "@/lib/auth/sign-in-destination";
import { SiteHeader } from "@/components/site/site-header";
import "@/components/site/marketing.css";
import formStyles from "@/components/site/sign-in.module.css";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  return (
    <>
      <SiteHeader />
      <main className="site-main site-main-narrow">
        <h1>Sign in</h1>
        {params.error && <p role="alert" className={formStyles.error}>Wrong email or password.</p>}
        <SignInForm callbackUrl={signInDestination(params.callbackUrl)} />
      </main>
    </>
  );
}
