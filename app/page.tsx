import Link from "next/link";
import { SiteHeader } from "@/components/site/site-header";
import "@/components/site/marketing.css";

export default function Home() {
  return (
    <>
      <SiteHeader />
      <main className="site-main">
        <h1>Inkbase</h1>
        <p>
          Publish posts and schema-driven, versioned collections through one REST API. Public reads need no key;
          writes use API keys with scopes.
        </p>
        <p>
          <Link href="/signin">Sign in</Link> to open your dashboard, or call <code>GET /api/me</code> with{" "}
          <code>Authorization: Bearer ink_…</code> to check a key.
        </p>
      </main>
    </>
  );
}
