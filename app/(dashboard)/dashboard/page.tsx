import type { Metadata } from "next";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions } from "@/lib/auth/auth-options";
import { getAccount } from "@/lib/users/get-account";
import { SignOutButton } from "@/components/sign-out-button";

export const metadata: Metadata = { title: "Dashboard" };
export const dynamic = "force-dynamic";

export default async function DashboardPage() {
  const session = await getServerSession(authOptions);
  const userId = (session?.user as { id?: string } | undefined)?.id;
  const account = userId ? await getAccount({ userId }) : null;
  if (!account) redirect("/signin?callbackUrl=/dashboard");

  return (
    <main className="stack">
      <h1>Welcome, {account.displayName ?? account.username}</h1>
      <section className="card">
        <dl className="facts">
          <dt>Project</dt>
          <dd data-testid="username">{account.username}</dd>
          <dt>Email</dt>
          <dd>{account.email}</dd>
          <dt>Plan</dt>
          <dd><span className="badge" data-testid="plan">{account.plan}</span></dd>
        </dl>
      </section>
      <SignOutButton />
    </main>
  );
}
