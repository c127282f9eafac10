// The entry page's "Referenced by" (MODELING "Reference fields"): the entries whose current or
// labelled versions point at this one, each a link with the fields that do. While the list is not
// empty, deleting the entry is refused (409) unless forced.
import { ProjectLink as Link } from "@/components/dashboard/project-link";
import type { ReferrerRow } from "@/lib/collections/list-referrers";
import { pageStyles } from "../dashboard/page-header";
import styles from "./collections.module.css";

export function ReferencedBy({ rows, more }: { rows: ReferrerRow[]; more: boolean }) {
  return (
    <section className={pageStyles.section} aria-labelledby="referenced-by-title">
      <h2 id="referenced-by-title" className={pageStyles.sectionTitle}>Referenced by</h2>
      {rows.length ? (
        <>
          <ul className={styles.labelList} aria-label="Referenced by">
            {rows.map((row) => (
              <li key={row.entryId}>
                <span>
                  <Link className={styles.title} href={`/dashboard/collections/${encodeURIComponent(row.collection)}/entries/${encodeURIComponent(row.entryId)}`}>
                    {row.title || row.entryId}
                  </Link>
                  <span className={styles.sub}>
                    {row.collectionName} · {row.paths.map((path) => <code key={path}>{path} </code>)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          {more ? <p className={styles.muted}>And more: only the first ones are listed.</p> : null}
        </>
      ) : (
        <p className={styles.muted}>No entry references this one (in its current or labelled versions).</p>
      )}
    </section>
  );
}
