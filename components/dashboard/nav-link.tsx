"use client";
// A navigation link that marks itself as the current page (aria-current), also on nested pages
// (the editor is under Posts), and stays in the page's project (./project-link.tsx).
import { usePathname } from "next/navigation";
import { ProjectLink } from "./project-link";
import styles from "./shell.module.css";

export function NavLink({ href, children }: { href: string; children: React.ReactNode }) {
  const pathname = usePathname();
  const current = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <ProjectLink href={href} className={styles.navLink} aria-current={current ? "page" : undefined}>
      {children}
    </ProjectLink>
  );
}
