// "Page N of M · T things" with Previous/Next page links, under the dashboard's paged tables
// (posts, a collection's entries, an endpoint's deliveries). Nothing when there is nothing to count.
import { ProjectLink as Link } from "@/components/dashboard/project-link";
import { buttonClass } from "./button";
import styles from "./pagination.module.css";

export function Pagination({
  page,
  pageCount,
  total,
  href,
  noun = ["post", "posts"],
}: {
  page: number;
  pageCount: number;
  total: number;
  href: (page: number) => string;
  /** What is counted, singular and plural. */
  noun?: [string, string];
}) {
  if (total === 0) return null;
  return (
    <nav aria-label="Pagination" className={styles.pagination}>
      <span>
        Page {page} of {pageCount} · {total} {total === 1 ? noun[0] : noun[1]}
      </span>
      <span className={styles.pages}>
        {page > 1 ? <Link href={href(page - 1)} className={buttonClass({ size: "sm" })}>Previous page</Link> : null}
        {page < pageCount ? <Link href={href(page + 1)} className={buttonClass({ size: "sm" })}>Next page</Link> : null}
      </span>
    </nav>
  );
}
