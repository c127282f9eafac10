import type { ReactNode } from "react";
import styles from "./page-header.module.css";

/** Every dashboard page opens with its one h1, an optional line under it, and its main actions. */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className={styles.header}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}

export const pageStyles = { section: styles.section, sectionTitle: styles.sectionTitle, card: styles.card };
