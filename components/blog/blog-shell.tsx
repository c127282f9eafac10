import Link from "next/link";
import type { ReactNode } from "react";
import { feedUrls } from "@/lib/public-site/feed-links";
import styles from "./blog.module.css";

/** A blog's frame: its name (home link), its feeds, the page, and a quiet footer. */
export function BlogShell({ username, name, children }: { username: string; name: string; children: ReactNode }) {
  const feeds = feedUrls(username);
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link href={`/${username}`} className={styles.blogName}>{name}</Link>
          <nav className={styles.headerNav} aria-label="Feeds">
            <a href={feeds.rss}>RSS</a>
            <a href={feeds.atom}>Atom</a>
            <a href={feeds.json}>JSON Feed</a>
          </nav>
        </div>
      </header>
      <main className={styles.main} id="main">{children}</main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <span>{name}</span>
          <span>Published with <Link href="/">Inkbase</Link></span>
        </div>
      </footer>
    </div>
  );
}
