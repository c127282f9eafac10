"use client";
// The posts table with row selection and the bulk bar (DASHBOARD.md "Posts"): "Select <title>"
// checkboxes on the author's own posts, "Publish", "Unpublish" and "Delete" (confirmed) through
// POST /api/posts/bulk, and the per-item results of the last action. Co-authored posts are the
// owner's to change; their row has the co-author's own "Show on my blog" switch instead.
import { ProjectLink as Link } from "@/components/dashboard/project-link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { bulkPosts, type BulkAction, type BulkResult } from "@/lib/client/posts-api";
import type { DashboardPostRow } from "@/lib/posts/list-dashboard-posts";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Checkbox } from "../ui/field";
import { LocalTime } from "../ui/local-time";
import { Table, Th, cellClass } from "../ui/table";
import styles from "./posts-table.module.css";
import { ShowOnBlogSwitch } from "./show-on-blog-switch";
import { StatusBadge } from "./status-badge";

const DONE: Record<BulkAction, [changed: string, unchanged: string]> = {
  publish: ["Published", "Already published"],
  unpublish: ["Unpublished", "Already a draft"],
  delete: ["Deleted", "Deleted"],
};

type Outcome = { action: BulkAction; items: { title: string; text: string; ok: boolean }[] };

/**
 * `empty` is shown instead of the table when there are no rows; it lives here so the results of
 * a bulk action stay on screen when that action emptied the list.
 */
export function PostsTable({ rows, empty }: { rows: DashboardPostRow[]; empty?: React.ReactNode }) {
  const router = useRouter();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<BulkAction | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  const own = useMemo(() => rows.filter((row) => row.coauthoredFrom === null), [rows]);
  // Rows can leave the page (deleted, filtered out after a refresh): only count what is shown.
  const selectedIds = own.filter((row) => selected.has(row.id)).map((row) => row.id);
  const allSelected = own.length > 0 && selectedIds.length === own.length;

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function run(action: BulkAction) {
    setPending(action);
    setError(null);
    const titles = new Map(rows.map((row) => [row.id, row.title]));
    try {
      const { results } = await bulkPosts(selectedIds, action);
      setOutcome({
        action,
        items: results.map((result: BulkResult) => ({
          title: titles.get(result.id) ?? result.id,
          ok: result.status === 200,
          text: result.status === 200 ? DONE[action][result.changed ? 0 : 1] : result.error,
        })),
      });
      setSelected(new Set());
      router.refresh();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setPending(null);
      setConfirmDelete(false);
    }
  }

  return (
    <>
      {selectedIds.length > 0 ? (
        <div className={styles.bulkBar} role="toolbar" aria-label="Bulk actions">
          <span className={styles.bulkCount}>{selectedIds.length} selected</span>
          <Button size="sm" variant="primary" disabled={pending !== null} onClick={() => run("publish")}>Publish</Button>
          <Button size="sm" disabled={pending !== null} onClick={() => run("unpublish")}>Unpublish</Button>
          <Button size="sm" variant="danger" disabled={pending !== null} onClick={() => setConfirmDelete(true)}>Delete</Button>
        </div>
      ) : null}
      {error ? <p role="alert" className={styles.failed}>{error}</p> : null}
      {outcome ? (
        <section className={styles.results} aria-label="Bulk action results">
          <div className={styles.resultsHead}>
            <strong>{outcome.items.filter((item) => item.ok).length} of {outcome.items.length} done</strong>
            <Button size="sm" variant="ghost" onClick={() => setOutcome(null)}>Dismiss</Button>
          </div>
          <ul>
            {outcome.items.map((item, index) => (
              <li key={index}>
                {item.title}: <span className={item.ok ? styles.ok : styles.failed}>{item.text}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {rows.length === 0 ? empty : (
      <Table label="Posts">
        <thead>
          <tr>
            <Th className={cellClass.narrow}>
              <Checkbox
                aria-label="Select all posts"
                checked={allSelected}
                disabled={own.length === 0}
                onChange={(event) => setSelected(event.target.checked ? new Set(own.map((row) => row.id)) : new Set())}
              />
            </Th>
            <Th>Title</Th>
            <Th>Status</Th>
            <Th>Visibility</Th>
            <Th>Tags</Th>
            <Th>Updated</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-selected={selected.has(row.id) || undefined}>
              <td className={cellClass.narrow}>
                {row.coauthoredFrom === null ? (
                  <Checkbox aria-label={`Select ${row.title}`} checked={selected.has(row.id)} onChange={(event) => toggle(row.id, event.target.checked)} />
                ) : null}
              </td>
              <td className={cellClass.primary}>
                {row.coauthoredFrom === null ? (
                  <Link href={`/dashboard/posts/${row.id}`} className={styles.title}>{row.title}</Link>
                ) : (
                  <>
                    <span>{row.title}</span>
                    <span className={styles.sub}>
                      Co-author · by @{row.coauthoredFrom} ·{" "}
                      <ShowOnBlogSwitch postId={row.id} title={row.title} initial={row.showOnBlog} />
                    </span>
                  </>
                )}
                <span className={styles.sub}>/{row.slug}</span>
              </td>
              <td className={cellClass.nowrap}><StatusBadge status={row.status} publishedAt={row.publishedAt} inReview={row.inReview} /></td>
              <td className={cellClass.nowrap}>{row.visibility === "link-only" ? "Link only" : row.visibility === "private" ? "Private" : "Public"}</td>
              <td>
                <span className={styles.tags}>
                  {row.tags.length ? row.tags.map((tag) => <Badge key={tag.slug} tone="accent">{tag.name}</Badge>) : <span className={styles.muted}>—</span>}
                </span>
              </td>
              <td className={cellClass.nowrap}><LocalTime iso={row.updatedAt} /></td>
            </tr>
          ))}
        </tbody>
      </Table>
      )}
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete"
        confirmLabel="Delete"
        pending={pending !== null}
        onConfirm={() => run("delete")}
      >
        <p>
          Delete {selectedIds.length === 1 ? "this post" : `these ${selectedIds.length} posts`} for good? Their public pages
          and API reads answer 404 at once. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
