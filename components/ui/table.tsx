import type { ComponentProps, ReactNode } from "react";
import styles from "./table.module.css";

/**
 * A data table in a horizontally scrollable, keyboard-focusable region (at 390 px wide a table
 * scrolls instead of squeezing). `label` names the region and the table's caption.
 */
export function Table({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={styles.scroller} role="region" aria-label={label} tabIndex={0}>
      <table className={[styles.table, className].filter(Boolean).join(" ")}>
        <caption className="visually-hidden">{label}</caption>
        {children}
      </table>
    </div>
  );
}

export const cellClass = { narrow: styles.narrow, nowrap: styles.nowrap, primary: styles.primaryCell };

export function Th(props: ComponentProps<"th">) {
  return <th scope="col" {...props} />;
}
