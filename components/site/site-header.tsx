import Link from "next/link";
import styles from "./site-header.module.css";

/** The header of Inkbase's own pages (home, sign-in); the dashboard and the blogs have theirs. */
export function SiteHeader() {
  return (
    <header className={styles.header}>
      <nav className={styles.nav} aria-label="Inkbase">
        <Link href="/" className={styles.brand}>Inkbase</Link>
        <Link href="/dashboard">Dashboard</Link>
      </nav>
    </header>
  );
}
