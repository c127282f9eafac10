import Link from "next/link";
import "./site-header.css";

/** The header of Inkbase's own pages (home, sign-in); the dashboard and the blogs have theirs. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <nav className="site-nav" aria-label="Inkbase">
        <Link href="/" className="site-brand">Inkbase</Link>
        <Link href="/dashboard">Dashboard</Link>
      </nav>
    </header>
  );
}
