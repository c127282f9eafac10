"use client";
// A navigation link that marks itself as the current page (aria-current), also on nested pages
// (the editor is under Posts).
import Link from "next/link";
import { usePathname } from "next/navigation";
import styles from "./shell.module.css";

export function NavLink({ href, children }: { href: string; children: React.ReactNode }) {
  const pathname = usePathname();
  const current = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link href={href} className={styles.navLink} aria-current={current ? "page" : undefined}>
      {children}
    </Link>
  );
}
