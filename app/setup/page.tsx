import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CreateAccountForm } from "@/components/account-pages/create-account-form";
import { SiteHeader } from "@/components/site/site-header";
import "@/components/site/marketing.css";
import { hasAnyAccount } from "@/lib/accounts/has-any-account";

export const metadata: Metadata = { title: "Set up Inkbase", robots: { index: false } };
export const dynamic = "force-dynamic";

// ACCOUNTS.md "First run": while the database holds no account; a 404 once any exists.
export default async function SetupPage() {
  if (await hasAnyAccount()) notFound();
  return (
    <>
      <SiteHeader />
      <main className="site-main site-main-narrow">
        <h1>Set up Inkbase</h1>
        <p>Create the first account. It gets the Pro plan and can publish at once.</p>
        <CreateAccountForm kind="setup" />
      </main>
    </>
  );
}
