import type { ReactNode } from "react";
import styles from "./badge.module.css";

export type BadgeTone = "neutral" | "accent" | "success" | "warning" | "danger";

export function Badge({ tone = "neutral", children, title }: { tone?: BadgeTone; children: ReactNode; title?: string }) {
  return <span className={`${styles.badge} ${styles[tone]}`} title={title}>{children}</span>;
}
